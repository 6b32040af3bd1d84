import type { AdminProfile, Profile, Viewer } from '@portico/shared';

/**
 * The AOR Center's extension point (features/admin/tabs.tsx hosts the tabs; other features bring panels): the
 * types a panel is written against live here, below the features, so a guest feature need not import its host.
 */

/** What a tab's `visible` rule and its panel know about who is looking. */
export interface AdminTabContext {
  viewer: Viewer;
  /** The member's preferences profile (profile bag). */
  profile: Profile;
  /** `GET api/app/AdminProfile`: scope, criteria (articles, message, messages), pageSize, resource materials. */
  admin: AdminProfile;
}

/** The props of a tab's panel: the `:id` of `/admin/:urlTab/:id` (an item to open), if any. */
export interface AdminPanelProps {
  context: AdminTabContext;
  id: string | undefined;
}
