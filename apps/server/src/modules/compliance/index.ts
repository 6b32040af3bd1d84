export { complianceRoutes } from './routes';
export { loadBusinessCalendar, readCompliancePolicy } from './service';
