import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { assertProductionReady, productionProblems } from '../../production';
import { createMediaStorage } from './create-storage';

const READY = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example-mls.org',
  SMTP_URL: 'smtps://mail.example-mls.org',
  PORTICO_SECRET_KEY: randomBytes(32).toString('base64'),
};

describe('media storage settings (decision 0976)', () => {
  it('keeps media on disk by default, and reads the S3 settings', () => {
    expect(loadConfig({}).mediaStorage).toEqual({ kind: 'disk' });
    expect(
      loadConfig({
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'portico-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: 'true',
      }).mediaStorage,
    ).toEqual({ kind: 's3', bucket: 'portico-media', endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', forcePathStyle: true });
    expect(loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', AWS_REGION: 'us-west-2' }).mediaStorage).toEqual({
      kind: 's3',
      bucket: 'b-1',
      endpoint: undefined,
      region: 'us-west-2',
      forcePathStyle: false,
    });
  });

  it('refuses unknown values at start', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow();
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_ENDPOINT: 'not a url' })).toThrow();
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_FORCE_PATH_STYLE: 'yes' })).toThrow();
  });

  it('refuses production on s3 without a bucket, with one line', () => {
    expect(productionProblems(loadConfig({ ...READY, MEDIA_STORAGE: 's3', S3_BUCKET: 'portico-media' }))).toEqual([]);
    expect(() => assertProductionReady(loadConfig({ ...READY, MEDIA_STORAGE: 's3' }))).toThrow(
      /^Refusing to start in production: S3_BUCKET must name the bucket of the uploaded media \(MEDIA_STORAGE=s3\) \(docs\/operations\.md\)$/,
    );
    expect(() => createMediaStorage(loadConfig({ MEDIA_STORAGE: 's3' }))).toThrow('S3_BUCKET must name the bucket');
  });

  it('builds the adapter the settings name', () => {
    expect(createMediaStorage(loadConfig({})).stat).toBeTypeOf('function');
    expect(createMediaStorage(loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'portico-media' })).stat).toBeTypeOf('function');
  });
});
