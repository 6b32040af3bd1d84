import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Server } from '../../../test/s3-server';
import { diskStorage } from './disk-storage';
import { s3Storage } from './s3-storage';
import { storageBehaviour } from './storage-behaviour';

// One behaviour, two adapters (decision 0976): the disk in a temporary folder, S3 on a real S3-compatible server.
storageBehaviour('disk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-disk-'));
  return { storage: diskStorage(join(dir, 'files')), close: async () => rmSync(dir, { recursive: true, force: true }) };
});

storageBehaviour('S3 (s3rver)', async () => {
  const s3 = await startS3Server();
  return { storage: s3Storage(s3.client, s3.bucket), close: s3.close };
});
