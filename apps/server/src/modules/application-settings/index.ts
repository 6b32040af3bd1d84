export { optedOutApplicationIds } from './repository';
export { applicationSettingsRoutes } from './routes';
