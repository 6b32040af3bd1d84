// The Clear Cooperation tab is lazily loaded by the admin area's tab list (features/admin/tabs.tsx); the dashboard shows
// the due card.
export { ClearCoopPanel } from './ClearCoopPanel';
export { ClearCoopDueCard } from './DueCard';
