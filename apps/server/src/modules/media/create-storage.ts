import { join } from 'node:path';
import type { Config } from '../../config';
import { diskStorage } from './disk-storage';
import { s3Client, s3Storage } from './s3-storage';
import type { MediaStorage } from './storage';

/** The storage `MEDIA_STORAGE` names (decision 0976): `DATA_DIR/files` on disk by default, or an S3-compatible bucket. */
export function createMediaStorage(config: Pick<Config, 'dataDir' | 'mediaStorage'>): MediaStorage {
  const media = config.mediaStorage;
  if (media.kind === 'disk') return diskStorage(join(config.dataDir, 'files'));
  if (!media.bucket) throw new Error('MEDIA_STORAGE=s3: S3_BUCKET must name the bucket of the uploaded media');
  return s3Storage(s3Client({ ...media, bucket: media.bucket }), media.bucket);
}
