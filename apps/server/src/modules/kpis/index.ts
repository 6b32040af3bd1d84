export { kpisRoutes } from './routes';
export { forgetKpis, KPI_CODES } from './service';
