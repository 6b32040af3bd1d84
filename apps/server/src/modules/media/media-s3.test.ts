import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MEDIA, MEDIA_MESSAGES as T } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { multipart } from '../../../test/media';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../../test/s3-server';
import { blendPng } from '../../seed/png';

const PNG = blendPng(384, 192, [20, 60, 120], [200, 220, 240]);

/** The media manager's calls with `MEDIA_STORAGE=s3`, on a real S3-compatible server (decision 0976). */
describe('media manager API on S3-compatible storage', () => {
  let ctx: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let container: string;
  let staff: { accountId: number };

  beforeAll(async () => {
    s3 = await startS3Server();
    // The AWS SDK reads its credentials from the process; they go back at the end (other files share this worker).
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3_TEST_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3_TEST_CREDENTIALS.secretAccessKey);
    ctx = await createTestContext({
      env: { MEDIA_STORAGE: 's3', S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true' },
    });
    const aor = await ctx.factories.buildAssociation();
    container = `articles/${aor.id}`;
    staff = await ctx.factories.buildMember({ type: 'Association Staff', office: await ctx.factories.buildOffice({ aorId: aor.id }) });
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    vi.unstubAllEnvs();
  });

  const keys = async () =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${container}/` }))).Contents ?? []).map((o) => o.Key);
  const session = async () => {
    const auth = await ctx.as(staff.accountId);
    const token = (await ctx.app.inject({ url: '/api/app/Token', headers: auth })).json().results[0].token as string;
    const headers = { ...auth, [MEDIA.tokenHeader]: token };
    return {
      token,
      op: (body: Record<string, unknown>) =>
        ctx.app.inject({ method: 'POST', url: '/api/app/FileOperations', headers, payload: { container, ...body } }),
      upload: (files: Array<{ name: string; content: Buffer | string }>, path = '/') => {
        const { payload, type } = multipart(files);
        return ctx.app.inject({
          method: 'POST',
          url: `/api/app/FileUpload?container=${container}&path=${encodeURIComponent(path)}`,
          headers: { ...headers, 'content-type': type },
          payload,
        });
      },
    };
  };

  it('uploads, lists, makes folders, renames, details, serves and deletes, all in the bucket', async () => {
    const s = await session();
    expect(await keys()).toEqual([`${container}/`]);
    expect((await s.op({ action: 'create', path: '/', name: 'carousel' })).statusCode).toBe(200);
    const up = await s.upload(
      [
        { name: 'harbor.png', content: PNG },
        { name: 'rules.pdf', content: '%PDF-1.4 demo' },
      ],
      '/carousel',
    );
    expect(up.statusCode).toBe(201);
    expect(up.json().results.map((e: { path: string }) => e.path)).toEqual(['/carousel/harbor.png', '/carousel/rules.pdf']);
    expect((await keys()).sort()).toEqual([
      `${container}/`,
      `${container}/carousel/`,
      `${container}/carousel/harbor.png`,
      `${container}/carousel/rules.pdf`,
    ]);

    const root = (await s.op({ action: 'read', path: '/' })).json().results[0];
    expect(root.files).toEqual([expect.objectContaining({ name: 'carousel', isFile: false, url: null })]);
    const folder = (await s.op({ action: 'read', path: '/carousel' })).json().results[0];
    expect(folder.files.map((e: { name: string }) => e.name)).toEqual(['harbor.png', 'rules.pdf']);
    expect(folder.files[0]).toMatchObject({ type: 'png', size: PNG.length });
    const details = (await s.op({ action: 'details', path: '/carousel', name: 'harbor.png' })).json().results[0];
    expect(details).toMatchObject({ width: 384, height: 192, location: `${container}/carousel/harbor.png` });

    const renamed = await s.op({ action: 'rename', path: '/carousel', name: 'harbor.png', newName: 'Harbor View.png' });
    expect(renamed.json().results[0].path).toBe('/carousel/Harbor View.png');
    expect((await s.op({ action: 'rename', path: '/carousel', name: 'rules.pdf', newName: 'rules.html' })).statusCode).toBe(400);
    expect((await s.op({ action: 'rename', path: '/carousel', name: 'rules.pdf', newName: 'Harbor View.png' })).statusCode).toBe(409);

    const image = await ctx.app.inject({
      url: `/api/app/FileGetImage?container=${container}&path=/carousel/Harbor%20View.png&token=${s.token}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-length']).toBe(String(PNG.length));
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const download = await ctx.app.inject({
      url: `/api/app/FileDownload?container=${container}&path=/carousel/rules.pdf&token=${s.token}`,
    });
    expect(download.headers['content-disposition']).toBe('attachment; filename="rules.pdf"');
    expect(download.body).toBe('%PDF-1.4 demo');
    expect((await ctx.app.inject({ url: `/files/${container}/carousel/Harbor%20View.png` })).statusCode).toBe(404);
    const served = await ctx.app.inject({ url: renamed.json().results[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A folder moves and goes with everything in it.
    expect((await s.op({ action: 'rename', path: '/', name: 'carousel', newName: 'slides' })).statusCode).toBe(200);
    expect((await s.op({ action: 'read', path: '/slides' })).json().results[0].files.map((e: { name: string }) => e.name)).toEqual([
      'Harbor View.png',
      'rules.pdf',
    ]);
    expect((await keys()).sort()).toEqual([
      `${container}/`,
      `${container}/slides/`,
      `${container}/slides/Harbor View.png`,
      `${container}/slides/rules.pdf`,
    ]);
    expect((await s.op({ action: 'delete', path: '/', names: ['slides'] })).statusCode).toBe(200);
    expect(await keys()).toEqual([`${container}/`]);
  });

  it('refuses other types, disguised images, oversized files, existing names and paths out of the container, writing nothing', async () => {
    const s = await session();
    const script = await s.upload([{ name: 'page.html', content: '<script>alert(1)</script>' }]);
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe(T.typeNotAllowed);
    expect((await s.upload([{ name: 'fake.png', content: '<html>not an image</html>' }])).statusCode).toBe(400);
    const big = await s.upload([{ name: 'big.pdf', content: Buffer.alloc(MEDIA.maxUploadBytes + 10, 65) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(T.tooLarge);
    expect((await s.upload([{ name: 'once.png', content: PNG }])).statusCode).toBe(201);
    const twice = await s.upload([
      { name: 'twice.png', content: PNG },
      { name: 'once.png', content: PNG },
    ]);
    expect(twice.statusCode).toBe(409);
    expect((await keys()).sort()).toEqual([`${container}/`, `${container}/once.png`]);
    for (const path of ['/../..', '/..', '/./x']) expect((await s.op({ action: 'read', path })).statusCode, path).toBe(400);
    expect((await s.op({ action: 'read', path: '/missing' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/files/${container}/missing.png` })).statusCode).toBe(404);
  });
});
