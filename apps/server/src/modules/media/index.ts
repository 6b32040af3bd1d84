// For the demo seed's article images.
export { createMediaStorage } from './create-storage';
export { mediaRoutes } from './routes';
export { isMissing, locate, locateDisclosure, type MediaStorage } from './storage';
