export { type AudienceRuleRow, audienceRules } from './repository';
export { ssoRoutes } from './routes';
