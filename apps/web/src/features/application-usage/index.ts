// Lazily loaded by the admin area's tab list (features/admin/tabs.tsx).
export { ApplicationUsagePanel } from './ApplicationUsagePanel';
