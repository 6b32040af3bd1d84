export { lookupsRoutes } from './routes';
export { likeEscape } from './repository';
