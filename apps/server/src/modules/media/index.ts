// For the demo seed's article images.
export { createMediaStorage } from './create-storage';
export { mediaRoutes } from './routes';
export { isMissing, locate, locateCitationFile, locateDisclosure, type MediaStorage } from './storage';
