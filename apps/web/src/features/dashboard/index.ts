export { DashboardPage } from './DashboardPage';
