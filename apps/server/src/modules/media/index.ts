// For the demo seed's article images.
export { type CheckedFile, keepCheckedUpload, keptFileName, removeQuietly, type UploadRules } from './checked-upload';
export { createMediaStorage } from './create-storage';
export { mediaRoutes } from './routes';
export {
  isMissing,
  locate,
  locateCertificateFile,
  locateCitationFile,
  locateDisclosure,
  locateEvidence,
  type MediaStorage,
} from './storage';
