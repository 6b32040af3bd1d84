export { credentialRoute } from './credential-route';
export { accountRoutes } from './routes';
