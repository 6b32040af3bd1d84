import type { AdminScope } from '../domain/admin';

/** One criterion of the admin's own content scope (query-engine shape). */
export interface AdminCriterion {
  field: string;
  op: 'Equal';
  values: Array<string | number>;
}

/**
 * Seed 002 section 3 "Resource materials data": where the broker's or association's resource materials are, their
 * (case-sensitive) password and the support page (docs/decisions/0801-resource-materials.md).
 */
export interface ResourceMaterials {
  url: string;
  image: string;
  password: string;
  infoUrl: string | null;
  infoImage: string | null;
  isBroker: boolean;
}

/**
 * `GET api/app/AdminProfile`: seed 002 section 3 "User profile for admin". `criteria` are the scopes of the admin's
 * content: `messages` the messages the admin administers, `message` the audience of a new message, `articles` the
 * articles; null when the member has no office or association to scope them by (the screens then say "No ...
 * criteria found for this user"). `scope` says which of office, association or MLS it is.
 */
export interface AdminProfile {
  loginId: string;
  memberId: number;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  memberType: { displayName: string };
  originatingSystemID: string | null;
  office: { id: number; code: string; name: string } | null;
  aor: { id: number; shortName: string; name: string } | null;
  isBroker: boolean;
  isGsmls: boolean;
  scope: AdminScope;
  criteria: {
    articles: AdminCriterion[] | null;
    message: AdminCriterion[] | null;
    messages: AdminCriterion[] | null;
  };
  pageSize: number;
  resourceMaterials: ResourceMaterials | null;
}
