import type { FastifyInstance } from 'fastify';
import { accessControlsRoutes } from './access-controls/index';
import { accessGateRoutes } from './access-gate/index';
import { accountRoutes } from './account/index';
import { accountSecurityRoutes } from './account-security/index';
import { adminRoutes, resourceMaterialsRoutes } from './admin/index';
import { adsRoutes } from './ads/index';
import { applicationSettingsRoutes } from './application-settings/index';
import { applicationUsageRoutes } from './application-usage/index';
import { applicationsRoutes } from './applications/index';
import { articlesRoutes } from './articles/index';
import { authConfigRoutes } from './auth-config/index';
import { caseAudience, casesRoutes } from './cases/index';
import { citationsFeatureRoutes } from './citations/index';
import { clearCoopFeatureRoutes } from './clear-cooperation/index';
import { complianceRoutes, exemptionRoutes } from './compliance/index';
import { directoryRoutes } from './directory/index';
import { eulaRoutes } from './eula/index';
import { feedAudience, feedRoutes } from './feed/index';
import { feedImportRoutes } from './feed-import/index';
import { healthRoutes } from './health/index';
import { instanceRoutes } from './instance/index';
import { kpisRoutes } from './kpis/index';
import { launcherApplicationsRoutes } from './launcher-applications/index';
import { type AudienceRules, liveRoutes } from './live/index';
import { lookupsRoutes } from './lookups/index';
import { mapsRoutes } from './maps/index';
import { mediaRoutes } from './media/index';
import { memberSessionsRoutes } from './member-sessions/index';
import { membersRoutes } from './members/index';
import { menusRoutes } from './menus/index';
import { notificationsAudience, notificationsRoutes } from './notifications/index';
import { oidcAppsRoutes } from './oidc-apps/index';
import { outboxRoutes } from './outbox/index';
import { profilesRoutes } from './profiles/index';
import { propertyReportsRoutes } from './property-reports/index';
import { recoveryCodesRoutes } from './recovery-codes/index';
import { registeredFeatureRoutes } from './registered/index';
import { reportsRoutes } from './reports/index';
import { ruleBookRoutes } from './rule-book/index';
import { secondFactorPolicyRoutes } from './second-factor-policy/index';
import { secondFactorsRoutes } from './second-factors/index';
import { securityActivityRoutes } from './security-activity/index';
import { settingsRoutes } from './settings/index';
import { sharedLoginsRoutes } from './shared-logins/index';
import { ssoRoutes } from './sso/index';
import { staffAuditRoutes } from './staff-audit/index';
import { staffRecoveryRoutes } from './staff-recovery/index';
import { supportRoutes } from './support/index';
import { systemNotificationsAdminRoutes, systemNotificationsAudience, systemNotificationsRoutes } from './system-notifications/index';
import { trainingRoutes } from './training/index';
import { trainingRequirementsFeature } from './training-requirements/index';

/**
 * Who hears which live signal: each feature that publishes a signal owns the rule for it, and registers it here, so
 * `live` imports no feature (decision 1030).
 */
export const liveAudience: AudienceRules = {
  notifications: notificationsAudience,
  'system-notifications': systemNotificationsAudience,
  case: caseAudience,
  feed: feedAudience,
};

/**
 * Every feature's routes, registered in this order: the one place that knows every server module (as
 * `apps/web/src/app/routes.tsx` is on the web). A new feature adds one line; no module registers another's routes.
 */
export const featureModules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authConfigRoutes,
  instanceRoutes,
  membersRoutes,
  profilesRoutes,
  menusRoutes,
  accessControlsRoutes,
  eulaRoutes,
  accountRoutes,
  accountSecurityRoutes,
  secondFactorsRoutes,
  recoveryCodesRoutes,
  memberSessionsRoutes,
  securityActivityRoutes,
  staffAuditRoutes,
  staffRecoveryRoutes,
  sharedLoginsRoutes,
  secondFactorPolicyRoutes,
  outboxRoutes,
  articlesRoutes,
  notificationsRoutes,
  systemNotificationsRoutes,
  registeredFeatureRoutes,
  clearCoopFeatureRoutes,
  citationsFeatureRoutes,
  lookupsRoutes,
  mapsRoutes,
  propertyReportsRoutes,
  settingsRoutes,
  directoryRoutes,
  applicationSettingsRoutes,
  applicationsRoutes,
  applicationUsageRoutes,
  kpisRoutes,
  adsRoutes,
  trainingRoutes,
  mediaRoutes,
  adminRoutes,
  systemNotificationsAdminRoutes,
  casesRoutes,
  supportRoutes,
  liveRoutes(liveAudience),
  reportsRoutes,
  resourceMaterialsRoutes,
  feedRoutes,
  ssoRoutes,
  launcherApplicationsRoutes,
  oidcAppsRoutes,
  feedImportRoutes,
  complianceRoutes,
  exemptionRoutes,
  ruleBookRoutes,
  accessGateRoutes,
  trainingRequirementsFeature,
];
