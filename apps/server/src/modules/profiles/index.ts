export { profilesRoutes } from './routes';
export { loadOrCreateProfile, updateProfileBag } from './service';
