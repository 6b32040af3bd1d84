export { ReportViolationPage } from './ReportViolationPage';
