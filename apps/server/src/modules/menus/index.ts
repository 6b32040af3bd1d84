export { menusRoutes } from './routes';
