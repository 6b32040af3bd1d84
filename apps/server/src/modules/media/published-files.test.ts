import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { multipart } from '../../../test/media';
import { blendPng } from '../../seed/png';

const dataDir = mkdtempSync(join(tmpdir(), 'portico-published-'));
const PNG = blendPng(384, 192, [20, 60, 120], [200, 220, 240]);

describe('uploaded files: published images public, everything else by signed address (decision 0821)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a file unsigned only as an image of a live article; documents and drafts need the signed address', async () => {
    const f = ctx.factories;
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const staff = await f.buildMember({ type: 'Association Staff', office });
    const agent = await f.buildMember({ office });
    const container = `articles/${aor.id}`;
    const headers = await ctx.as(staff.accountId);
    const token = (await ctx.app.inject({ url: '/api/app/Token', headers })).json().results[0].token as string;
    const { payload, type } = multipart([
      { name: 'cover.png', content: PNG },
      { name: 'cover.png.jpg', content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]) },
      { name: 'rules.pdf', content: '%PDF-1.4 rules' },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/FileUpload?container=${container}&path=/`,
      headers: { ...headers, [MEDIA.tokenHeader]: token, 'content-type': type },
      payload,
    });
    expect(up.statusCode).toBe(201);
    const [cover, similar, rules] = up.json().results.map((e: { url: string }) => e.url) as string[];
    const plain = (url: string) => url.replace(/\?sig=.*$/, '');
    const load = (url: string) => ctx.app.inject({ url });

    // Nothing is published yet: the stable addresses answer 404 to a visitor; the signed ones serve the files.
    for (const url of [cover, similar, rules]) {
      expect((await load(plain(url))).statusCode, plain(url)).toBe(404);
      expect((await load(url)).statusCode, url).toBe(200);
    }
    // A signature is for one file and one time: another file's, a changed expiry or an expired one is refused.
    const [, sig] = cover.split('?sig=');
    const [expires, mac] = sig!.split('.');
    expect((await load(`${plain(rules)}?sig=${sig}`)).statusCode).toBe(404);
    expect((await load(`${plain(cover)}?sig=${Number(expires) + 3600}.${mac}`)).statusCode).toBe(404);
    expect((await load(`${plain(cover)}?sig=1000.${mac}`)).statusCode).toBe(404);
    expect((await load(`${plain(cover)}?sig=garbage`)).statusCode).toBe(404);

    // The staff's article, as the form sends it (the addresses the manager gave, signed); stored at stable addresses.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/article/',
      headers,
      payload: {
        title: 'Rules of the house',
        byline: 'Staff',
        imageUrl: cover,
        publishOn: new Date(Date.now() + 60_000).toISOString(),
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        promoteOn: null,
        promoteEnd: null,
        content: `<p>Read <a href="${rules}">the rules</a></p><p><img src="${cover}" alt="cover"></p>`,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().results[0].id as number;
    const stored = await ctx.db.one<{ image_url: string; content: string }>('SELECT image_url, content FROM articles WHERE id = $1', [id]);
    expect(stored?.image_url).toBe(plain(cover));
    expect(stored?.content).not.toContain('sig=');
    // Not live until its publish date: still not public; the editor is given signed addresses.
    expect((await load(plain(cover))).statusCode).toBe(404);
    const edited = created.json().results[0];
    expect(edited.imageUrl).toMatch(/\?sig=/);
    expect((await load(edited.imageUrl)).statusCode).toBe(200);

    await ctx.db.query("UPDATE articles SET publish_on = now() - interval '1 minute' WHERE id = $1", [id]);
    // Live: its images are public at their stable address (cacheable), its document is not; a similar name is not.
    const image = await load(plain(cover));
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=300');
    expect((await load(plain(rules))).statusCode).toBe(404);
    expect((await load(plain(similar))).statusCode).toBe(404);
    // A member reading the article gets the image plain and the document signed, and the document loads.
    const read = await ctx.app.inject({ url: `/api/app/Article/${id}/expanded/`, headers: await ctx.as(agent.accountId) });
    expect(read.statusCode).toBe(200);
    const article = read.json().results[0];
    expect(article.imageUrl).toBe(plain(cover));
    expect(article.content).toContain(`src="${plain(cover)}"`);
    const docLink = /href="([^"]+)"/.exec(article.content)?.[1] ?? '';
    expect(docLink).toMatch(/rules\.pdf\?sig=/);
    const doc = await load(docLink);
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toBe('%PDF-1.4 rules');
  });
});
