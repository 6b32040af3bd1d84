export { exemptionRoutes } from './exemption-routes';
export { complianceRoutes } from './routes';
export { loadBusinessCalendar, readCompliancePolicy, readExemptionRules, readMarketingGraceDays } from './service';
