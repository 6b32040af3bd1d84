export { CitationsPanel } from './CitationsPanel';
export { MyCitationsPage } from './MyCitationsPage';
