import {
  ACCESS_GATE_MESSAGES,
  ADMIN_MESSAGES,
  APPLICATION_USAGE_MESSAGES,
  CITATION_MESSAGES,
  CLEAR_COOP_MESSAGES,
  COMPLIANCE_MESSAGES,
  canManageAccessHolds,
  canManageCitations,
  canManageEula,
  canManageRequirements,
  canReadCompliancePolicy,
  canReadRuleBook,
  canSeeApplicationUsage,
  canSeeClearCoop,
  EULA_MESSAGES,
  FEED_IMPORT_MESSAGES,
  FEED_MESSAGES,
  REQUIREMENT_MESSAGES,
  RULE_BOOK_MESSAGES,
  SECOND_FACTOR_POLICY_MESSAGES,
  SHARED_LOGIN_MESSAGES,
  SSO_MESSAGES,
  STAFF_AUDIT_MESSAGES,
  STAFF_RECOVERY_MESSAGES,
  showsResourceMaterialsTab,
} from '@portico/shared';
import { type ComponentType, lazy } from 'react';
import type { AdminPanelProps, AdminTabContext } from '../../core/admin-panel';
// Already lazy inside the eula feature: a second lazy() around it would resolve to a lazy object, not a component.
import { ArticlesPanel } from '../articles/index';
import { EulaAdminPanel } from '../eula/index';
import { RequirementsPanel } from '../training-requirements/index';

export type { AdminPanelProps, AdminTabContext };

export interface AdminTab {
  /** The URL slug: `slugify(label)`, as `/admin/{slug}` (checked by a unit test). */
  slug: string;
  label: string;
  /** A small red badge beside the label (seed 002: Member Insights carries "New!"). */
  badge?: string;
  visible: (context: AdminTabContext) => boolean;
  Panel: ComponentType<AdminPanelProps>;
}

const MessagesPanel = lazy(() => import('./messages/MessagesPanel').then((m) => ({ default: m.MessagesPanel })));
const MemberInsightsPanel = lazy(() =>
  import('../cases/index').then((m) => ({
    default: ({ id }: AdminPanelProps) => (
      <m.MemberInsightsPanel basePath="/admin/member-insights" insightId={id && /^\d+$/.test(id) ? Number(id) : null} />
    ),
  })),
);
const ApplicationUsagePanel = lazy(() => import('../application-usage/index').then((m) => ({ default: m.ApplicationUsagePanel })));
const ResourceMaterialsPanel = lazy(() =>
  import('./resources/ResourceMaterialsPanel').then((m) => ({ default: m.ResourceMaterialsPanel })),
);

/**
 * The Broker Center / AOR Center tabs, in the seed's order (Messages, Member Insights, Articles, Resource Materials),
 * then the EULA (MLS staff), the application usage figures (association and MLS staff), the MLS data feed and the
 * CSV import (MLS staff).
 * A feature adds its tab with one entry here.
 */
export const ADMIN_TABS: AdminTab[] = [
  { slug: 'messages', label: ADMIN_MESSAGES.messagesTab, visible: () => true, Panel: MessagesPanel },
  {
    slug: 'member-insights',
    label: ADMIN_MESSAGES.memberInsightsTab,
    badge: ADMIN_MESSAGES.newBadge,
    visible: () => true,
    Panel: MemberInsightsPanel,
  },
  {
    slug: 'articles',
    label: ADMIN_MESSAGES.articlesTab,
    visible: ({ viewer }) => !viewer.isGsmls,
    Panel: ArticlesPanel,
  },
  {
    slug: 'resource-materials',
    label: ADMIN_MESSAGES.resourceMaterialsTab,
    visible: ({ viewer, admin }) => showsResourceMaterialsTab(viewer, admin.resourceMaterials),
    Panel: ResourceMaterialsPanel,
  },
  { slug: 'eula', label: EULA_MESSAGES.adminTab, visible: ({ viewer }) => canManageEula(viewer), Panel: EulaAdminPanel },
  {
    slug: 'single-sign-on',
    label: SSO_MESSAGES.title,
    // MLS staff (level 5), as the server's api/app/SsoApplications calls (decision 0988).
    visible: ({ viewer }) => viewer.level === 5,
    Panel: lazy(() => import('../sso/index').then((m) => ({ default: ({ id }: AdminPanelProps) => <m.SsoPanel id={id} /> }))),
  },
  {
    slug: 'application-usage',
    label: APPLICATION_USAGE_MESSAGES.title,
    visible: ({ viewer }) => canSeeApplicationUsage(viewer),
    Panel: ApplicationUsagePanel,
  },
  {
    slug: 'compliance',
    label: COMPLIANCE_MESSAGES.tab,
    // Association staff read the MLS's policy, MLS staff change it (issue 29, decision 1045).
    visible: ({ viewer }) => canReadCompliancePolicy(viewer),
    Panel: lazy(() => import('../compliance/index').then((m) => ({ default: m.CompliancePanel }))),
  },
  {
    slug: 'clear-cooperation',
    label: CLEAR_COOP_MESSAGES.title,
    // Compliance staff and brokers, as the server's api/app/ClearCooperation (issue 29 §4, decision 1080).
    visible: ({ viewer }) => canSeeClearCoop(viewer),
    Panel: lazy(() => import('../clear-cooperation/index').then((m) => ({ default: m.ClearCoopPanel }))),
  },
  {
    slug: 'rule-book',
    label: RULE_BOOK_MESSAGES.tab,
    // Association staff read the rule book, MLS staff keep it (issue 30 section 1, decision 1090).
    visible: ({ viewer }) => canReadRuleBook(viewer),
    Panel: lazy(() => import('../rule-book/index').then((m) => ({ default: ({ id }: AdminPanelProps) => <m.RuleBookPanel id={id} /> }))),
  },
  {
    slug: 'citations',
    label: CITATION_MESSAGES.tab,
    // Association staff cite their association's members, MLS staff every member (issue 30 section 2, decision 1100).
    visible: ({ viewer }) => canManageCitations(viewer),
    Panel: lazy(() => import('../citations/index').then((m) => ({ default: ({ id }: AdminPanelProps) => <m.CitationsPanel id={id} /> }))),
  },
  {
    slug: 'required-training',
    label: REQUIREMENT_MESSAGES.title,
    // Association staff define their association's requirements, MLS staff every one (issue 31, decision 1110).
    visible: ({ viewer }) => canManageRequirements(viewer),
    Panel: ({ id, context }: AdminPanelProps) => <RequirementsPanel id={id} viewer={context.viewer} />,
  },
  {
    slug: 'second-factors',
    label: SECOND_FACTOR_POLICY_MESSAGES.tab,
    // MLS staff set the second-factor policy and read the enrolment (level 5, as the server's calls; decision 1122).
    visible: ({ viewer }) => viewer.level === 5,
    Panel: lazy(() => import('../second-factor-policy/index').then((m) => ({ default: m.SecondFactorPolicyPanel }))),
  },
  {
    slug: 'mls-access',
    label: ACCESS_GATE_MESSAGES.tab,
    // MLS staff suspend and lift members' MLS access (the access gate, decision 1091).
    visible: ({ viewer }) => canManageAccessHolds(viewer),
    Panel: lazy(() => import('../access-gate/index').then((m) => ({ default: m.AccessPanel }))),
  },
  {
    slug: 'account-recovery',
    label: STAFF_RECOVERY_MESSAGES.tab,
    // Association staff (their members) and MLS staff (all) issue one-time recovery codes (issue 32 §4, decision 1132).
    visible: ({ viewer }) => viewer.level >= 4,
    Panel: lazy(() => import('../staff-recovery/index').then((m) => ({ default: m.StaffRecoveryPanel }))),
  },
  {
    slug: 'shared-logins',
    label: SHARED_LOGIN_MESSAGES.tab,
    // Association staff (their members) and MLS staff (all) work the queue; MLS staff set the thresholds (decision 1152).
    visible: ({ viewer }) => viewer.level >= 4,
    Panel: lazy(() =>
      import('../shared-logins/index').then((m) => ({
        default: ({ id, context }: AdminPanelProps) => <m.SharedLoginsPanel id={id} viewer={context.viewer} />,
      })),
    ),
  },
  {
    slug: 'audit-trail',
    label: STAFF_AUDIT_MESSAGES.tab,
    // MLS staff read the staff audit trail (level 5, as the server's api/app/StaffAudit; decision 1131).
    visible: ({ viewer }) => viewer.level === 5,
    Panel: lazy(() => import('../staff-audit/index').then((m) => ({ default: m.AuditTrailPanel }))),
  },
  // The MLS's data: its feed and its CSV imports (level 5, as their calls; decision 1040). Also at /feed and /feed/import.
  {
    slug: 'mls-data-feed',
    label: FEED_MESSAGES.title,
    visible: ({ viewer }) => viewer.level === 5,
    Panel: lazy(() => import('../feed/index').then((m) => ({ default: () => <m.FeedPage inTab /> }))),
  },
  {
    slug: 'csv-import',
    label: FEED_IMPORT_MESSAGES.tab,
    visible: ({ viewer }) => viewer.level === 5,
    Panel: lazy(() => import('../feed-import/index').then((m) => ({ default: () => <m.FeedImportPage inTab /> }))),
  },
];
