export { backchannelLogoutJob, followBackchannelLogouts } from './backchannel';
export { ensureDemoOidcApplication, oidcDemoRpRoutes } from './demo-rp';
export { isApplicationClientId, OIDC_PROVIDER_SCOPES, providerClaims } from './policy';
export { APPLICATION_ACCESS_PROMPT, applicationClients, sendApplicationRefusal } from './provider-hooks';
export { oidcAppsRoutes } from './routes';
