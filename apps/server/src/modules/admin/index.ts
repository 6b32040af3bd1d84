export { adminArea } from './policy';
export { adminRoutes } from './routes';
