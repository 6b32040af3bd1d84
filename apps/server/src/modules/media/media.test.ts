import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA, MEDIA_MESSAGES as T } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { multipart } from '../../../test/media';
import { blendPng } from '../../seed/png';

const dataDir = mkdtempSync(join(tmpdir(), 'portico-media-'));
const PNG = blendPng(384, 192, [20, 60, 120], [200, 220, 240]);

describe('media manager API', () => {
  let ctx: TestContext;
  let w: Awaited<ReturnType<typeof buildWorld>>;

  async function buildWorld() {
    const f = ctx.factories;
    const aor = await f.buildAssociation();
    const otherAor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    return {
      aor,
      otherAor,
      container: `articles/${aor.id}`,
      otherContainer: `articles/${otherAor.id}`,
      staff: await f.buildMember({ type: 'Association Staff', office }),
      broker: await f.buildMember({ type: 'Broker', office }),
      otherStaff: await f.buildMember({ type: 'Association Staff', office: await f.buildOffice({ aorId: otherAor.id }) }),
      mls: await f.buildMember({ type: 'MLS Staff', office: await f.buildOffice({ aorId: otherAor.id }) }),
      agent: await f.buildMember({ type: 'Agent', office }),
    };
  }

  beforeAll(async () => {
    ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
    w = await buildWorld();
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tokenFor = async (who: { accountId: number }, container?: string) =>
    ctx.app.inject({ url: `/api/app/Token${container ? `?container=${container}` : ''}`, headers: await ctx.as(who.accountId) });
  const session = async (who: { accountId: number }) => {
    const token = (await tokenFor(who)).json().results[0].token as string;
    const headers = { ...(await ctx.as(who.accountId)), [MEDIA.tokenHeader]: token };
    return {
      token,
      op: (body: Record<string, unknown>) =>
        ctx.app.inject({ method: 'POST', url: '/api/app/FileOperations', headers, payload: { container: w.container, ...body } }),
      upload: (files: Array<{ name: string; content: Buffer | string }>, path = '/', container = w.container) => {
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

  it('gives brokers and staff a token for their association, MLS staff for any; agents and strangers 403/401', async () => {
    const res = await tokenFor(w.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ container: w.container, token: expect.any(String), expiresOn: expect.any(String) });
    expect((await tokenFor(w.broker)).json().results[0].container).toBe(w.container);
    expect((await tokenFor(w.staff, w.otherContainer)).statusCode).toBe(403);
    expect((await tokenFor(w.mls, w.container)).statusCode).toBe(200);
    expect((await tokenFor(w.agent)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/app/Token' })).statusCode).toBe(401);
    expect((await tokenFor(w.staff, '../etc')).statusCode).toBe(400);
  });

  it('uploads, lists, makes folders, renames, details, downloads and deletes', async () => {
    const s = await session(w.staff);
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

    const root = (await s.op({ action: 'read', path: '/' })).json().results[0];
    expect(root.files).toEqual([expect.objectContaining({ name: 'carousel', isFile: false, url: null })]);
    const folder = (await s.op({ action: 'read', path: '/carousel' })).json().results[0];
    expect(folder.files.map((e: { name: string }) => e.name)).toEqual(['harbor.png', 'rules.pdf']);
    // The manager gets signed addresses: the file shows at once, published or not (decision 0821).
    expect(folder.files[0]).toMatchObject({ type: 'png', size: PNG.length });
    expect(folder.files[0].url).toMatch(new RegExp(`^/files/${w.container}/carousel/harbor\\.png\\?sig=\\d+\\.[\\w-]+$`));

    const details = (await s.op({ action: 'details', path: '/carousel', name: 'harbor.png' })).json().results[0];
    expect(details).toMatchObject({ width: 384, height: 192, location: `${w.container}/carousel/harbor.png` });

    const renamed = await s.op({ action: 'rename', path: '/carousel', name: 'harbor.png', newName: 'Harbor View.png' });
    expect(renamed.json().results[0].path).toBe('/carousel/Harbor View.png');
    expect(renamed.json().results[0].url).toMatch(new RegExp(`^/files/${w.container}/carousel/Harbor%20View\\.png\\?sig=`));
    expect((await s.op({ action: 'rename', path: '/carousel', name: 'rules.pdf', newName: 'rules.html' })).statusCode).toBe(400);
    expect((await s.op({ action: 'rename', path: '/carousel', name: 'rules.pdf', newName: 'Harbor View.png' })).statusCode).toBe(409);

    const image = await ctx.app.inject({
      url: `/api/app/FileGetImage?container=${w.container}&path=/carousel/Harbor%20View.png&token=${s.token}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const download = await ctx.app.inject({
      url: `/api/app/FileDownload?container=${w.container}&path=/carousel/rules.pdf&token=${s.token}`,
    });
    expect(download.headers['content-disposition']).toBe('attachment; filename="rules.pdf"');
    expect(download.body).toBe('%PDF-1.4 demo');

    // Not published yet: its stable address answers 404 to anyone, its signed address serves it.
    expect((await ctx.app.inject({ url: `/files/${w.container}/carousel/Harbor%20View.png` })).statusCode).toBe(404);
    const served = await ctx.app.inject({ url: renamed.json().results[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toContain('sandbox');

    expect((await s.op({ action: 'delete', path: '/carousel', names: ['rules.pdf'] })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/files/${w.container}/carousel/rules.pdf` })).statusCode).toBe(404);
  });

  it('refuses other types, disguised images, oversized files and existing names, writing nothing', async () => {
    const s = await session(w.staff);
    const script = await s.upload([{ name: 'page.html', content: '<script>alert(1)</script>' }]);
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe(T.typeNotAllowed);
    expect((await s.upload([{ name: 'svg.svg', content: '<svg onload="x()"/>' }])).statusCode).toBe(400);
    expect((await s.upload([{ name: 'fake.png', content: '<html>not an image</html>' }])).statusCode).toBe(400);
    const big = await s.upload([{ name: 'big.pdf', content: Buffer.alloc(MEDIA.maxUploadBytes + 10, 65) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(T.tooLarge);
    await s.upload([{ name: 'once.png', content: PNG }]);
    expect(
      (
        await s.upload([
          { name: 'twice.png', content: PNG },
          { name: 'once.png', content: PNG },
        ])
      ).statusCode,
    ).toBe(409);
    const names = (await s.op({ action: 'read', path: '/' })).json().results[0].files.map((e: { name: string }) => e.name);
    expect(names).not.toEqual(expect.arrayContaining(['page.html', 'svg.svg', 'fake.png', 'big.pdf', 'twice.png']));
    expect(names).toContain('once.png');
  });

  it('never leaves the container: traversal, links and other containers are refused', async () => {
    const s = await session(w.staff);
    writeFileSync(join(dataDir, 'secret.txt'), 'outside');
    for (const path of ['/../..', '/..', '/carousel/../../..', '/./x', '/%2e%2e']) {
      expect((await s.op({ action: 'read', path })).statusCode, path).toBe(400);
    }
    expect((await s.op({ action: 'rename', path: '/', name: 'once.png', newName: '../../secret.txt' })).statusCode).toBe(400);
    expect((await s.op({ action: 'delete', path: '/', names: ['..'] })).statusCode).toBe(400);
    // The multipart parser keeps only the last segment of a file name: it lands inside, as escape.png.
    const escaped = await s.upload([{ name: '../../escape.png', content: PNG }]);
    expect(escaped.json().results.map((e: { path: string }) => e.path)).toEqual(['/escape.png']);
    expect(existsSync(join(dataDir, 'escape.png'))).toBe(false);
    expect(
      (await ctx.app.inject({ url: `/api/app/FileDownload?container=${w.container}&path=/../../secret.txt&token=${s.token}` })).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ url: `/files/${w.container}/..%2F..%2F..%2Fsecret.txt` })).statusCode).not.toBe(200);
    expect((await ctx.app.inject({ url: `/files/${w.container}/../../secret.txt` })).body).not.toContain('outside');
    // A link inside the container pointing out of it is not followed.
    symlinkSync(join(dataDir, 'secret.txt'), join(dataDir, 'files', w.container, 'link.txt'));
    expect((await ctx.app.inject({ url: `/files/${w.container}/link.txt` })).statusCode).toBe(400);
    // The token names its container: another association's files stay closed.
    expect((await s.op({ action: 'read', path: '/', container: w.otherContainer })).statusCode).toBe(401);
    expect((await s.upload([{ name: 'x.png', content: PNG }], '/', w.otherContainer)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: `/api/app/FileGetImage?container=${w.otherContainer}&path=/x.png&token=${s.token}` })).statusCode,
    ).toBe(401);
  });

  it('lets the uploader, the association’s staff and MLS staff rename and delete; a branch office manager only their own', async () => {
    const f = ctx.factories;
    const branch = await f.buildOffice({ aorId: w.aor.id });
    const manager = await f.buildMember({ type: 'Office Manager', office: branch });
    const staff = await session(w.staff);
    const mgr = await session(manager);
    const broker = await session(w.broker);
    const names = async (path: string) =>
      (await staff.op({ action: 'read', path })).json().results[0].files.map((e: { name: string }) => e.name) as string[];
    expect((await staff.op({ action: 'create', path: '/', name: 'owned' })).statusCode).toBe(200);
    expect((await staff.upload([{ name: 'staff.png', content: PNG }], '/owned')).statusCode).toBe(201);

    // The association staff's file: the branch manager may neither delete nor rename it, and nothing changes.
    const refused = await mgr.op({ action: 'delete', path: '/owned', names: ['staff.png'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(T.notYours);
    expect((await mgr.op({ action: 'rename', path: '/owned', name: 'staff.png', newName: 'mine.png' })).statusCode).toBe(403);
    expect((await mgr.op({ action: 'delete', path: '/', names: ['owned'] })).statusCode).toBe(403);
    expect(await names('/owned')).toEqual(['staff.png']);
    // Files from before anyone was recorded (the demo's) are staff's to change too.
    writeFileSync(join(dataDir, 'files', w.container, 'owned', 'legacy.txt'), 'old');
    expect((await mgr.op({ action: 'delete', path: '/owned', names: ['legacy.txt'] })).statusCode).toBe(403);

    // Their own upload: renamed and deleted, also inside a folder of their own; one refused name stops the whole delete.
    expect((await mgr.op({ action: 'create', path: '/owned', name: 'branch' })).statusCode).toBe(200);
    expect((await mgr.upload([{ name: 'a.png', content: PNG }], '/owned/branch')).statusCode).toBe(201);
    expect((await mgr.op({ action: 'rename', path: '/owned/branch', name: 'a.png', newName: 'b.png' })).statusCode).toBe(200);
    expect((await mgr.op({ action: 'delete', path: '/owned', names: ['branch', 'staff.png'] })).statusCode).toBe(403);
    expect(await names('/owned')).toEqual(['branch', 'legacy.txt', 'staff.png']);
    // Another broker of the association did not add it either.
    expect((await broker.op({ action: 'delete', path: '/owned/branch', names: ['b.png'] })).statusCode).toBe(403);
    expect((await mgr.op({ action: 'rename', path: '/owned', name: 'branch', newName: 'branch2' })).statusCode).toBe(200);
    expect((await mgr.op({ action: 'delete', path: '/owned/branch2', names: ['b.png'] })).statusCode).toBe(200);
    expect((await mgr.op({ action: 'delete', path: '/owned', names: ['branch2'] })).statusCode).toBe(200);

    // A folder holding someone else's file is not the manager's to remove, even when they made the folder.
    expect((await mgr.op({ action: 'create', path: '/', name: 'shared' })).statusCode).toBe(200);
    expect((await staff.upload([{ name: 'kept.png', content: PNG }], '/shared')).statusCode).toBe(201);
    expect((await mgr.op({ action: 'delete', path: '/', names: ['shared'] })).statusCode).toBe(403);
    // The association's staff and MLS staff change anything in the container.
    expect((await broker.upload([{ name: 'broker.png', content: PNG }], '/owned')).statusCode).toBe(201);
    expect((await staff.op({ action: 'rename', path: '/owned', name: 'broker.png', newName: 'renamed.png' })).statusCode).toBe(200);
    const mlsToken = (await tokenFor(w.mls, w.container)).json().results[0].token as string;
    const mlsOp = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/FileOperations',
      headers: { ...(await ctx.as(w.mls.accountId)), [MEDIA.tokenHeader]: mlsToken },
      payload: { container: w.container, action: 'delete', path: '/', names: ['shared', 'owned'] },
    });
    expect(mlsOp.statusCode).toBe(200);
    expect(await names('/')).not.toEqual(expect.arrayContaining(['shared']));
    const left = await ctx.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM media_entries WHERE container = $1 AND (path LIKE '/owned%' OR path LIKE '/shared%')",
      [w.container],
    );
    expect(left?.n).toBe(0);
  });

  it('file calls need a valid token of the caller; agents are refused', async () => {
    const s = await session(w.staff);
    const headers = await ctx.as(w.broker.accountId);
    const borrowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/FileOperations',
      headers: { ...headers, [MEDIA.tokenHeader]: s.token },
      payload: { action: 'read', container: w.container, path: '/' },
    });
    expect(borrowed.statusCode).toBe(403);
    const forged = `${s.token.split('.')[0]}.AAAA`;
    expect(
      (await ctx.app.inject({ url: `/api/app/FileGetImage?container=${w.container}&path=/once.png&token=${forged}` })).statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ url: `/api/app/FileGetImage?container=${w.container}&path=/once.png` })).statusCode).toBe(401);
    const agent = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/FileOperations',
      headers: { ...(await ctx.as(w.agent.accountId)), [MEDIA.tokenHeader]: s.token },
      payload: { action: 'read', container: w.container, path: '/' },
    });
    expect(agent.statusCode).toBe(403);
  });
});
