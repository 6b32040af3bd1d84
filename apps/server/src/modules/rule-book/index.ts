export { ruleBookRoutes } from './routes';
