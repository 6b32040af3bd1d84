export { KPI_CODES } from './presenter';
export { kpisRoutes } from './routes';
export { refreshStaleSnapshots } from './snapshots';
