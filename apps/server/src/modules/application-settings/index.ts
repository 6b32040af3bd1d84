export { applicationSettingsRoutes } from './routes';
export { optedOutApplicationIds } from './repository';
