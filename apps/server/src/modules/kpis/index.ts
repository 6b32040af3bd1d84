export { kpisRoutes } from './routes';
export { KPI_CODES } from './service';
export { refreshStaleSnapshots } from './snapshots';
