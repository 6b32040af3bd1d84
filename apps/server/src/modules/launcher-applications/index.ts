export { launcherApplicationsRoutes } from './routes';
