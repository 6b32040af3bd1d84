export { AuditTrailPanel } from './components/AuditTrailPanel';
