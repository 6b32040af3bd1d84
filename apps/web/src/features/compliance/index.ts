// The Compliance tab is lazily loaded by the admin area's tab list (features/admin/tabs.tsx); other features read the
// MLS's business-day calendar with useBusinessCalendar().
export { useBusinessCalendar } from './api';
export { CompliancePanel } from './CompliancePanel';
