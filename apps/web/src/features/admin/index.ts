// The page is loaded lazily by app/routes.tsx; other features add a tab through ./tabs.tsx.
export { AdminPage } from './AdminPage';
export type { AdminPanelProps, AdminTab, AdminTabContext } from './tabs';
