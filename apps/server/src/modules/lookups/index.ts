export { likeEscape } from './repository';
export { lookupsRoutes } from './routes';
