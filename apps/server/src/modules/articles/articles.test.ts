import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentFactories, expectNothingLive, HOSTILE_HTML } from '../../../test/content-factories';
import { createTestContext, type TestContext } from '../../../test/context';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

describe('articles API', () => {
  let ctx: TestContext;
  let content: ReturnType<typeof createContentFactories>;
  let world: Awaited<ReturnType<typeof buildWorld>>;

  async function buildWorld() {
    const f = ctx.factories;
    const aor = await f.buildAssociation();
    const otherAor = await f.buildAssociation();
    const main = await f.buildOffice({ aorId: aor.id });
    const branch = await f.buildOffice({ aorId: aor.id, mainOfficeCode: main.code });
    const elsewhere = await f.buildOffice({ aorId: aor.id });
    const agent = await f.buildMember({ type: 'Agent', office: branch });
    const broker = await f.buildMember({ userClass: 'DB', office: branch });
    const category = await content.buildCategory();
    const ids = {
      aorLive: await content.buildArticle({ categoryId: category, aorId: aor.id, title: 'Association Welcome' }),
      aorOther: await content.buildArticle({ categoryId: category, aorId: otherAor.id, title: 'Other Association' }),
      officeMain: await content.buildArticle({ categoryId: category, officeId: main.id, title: 'Main Office Memo' }),
      officeElsewhere: await content.buildArticle({ categoryId: category, officeId: elsewhere.id, title: 'Elsewhere Memo' }),
      draft: await content.buildArticle({ categoryId: category, aorId: aor.id, status: 'Draft', title: 'Draft Piece' }),
      expired: await content.buildArticle({ categoryId: category, aorId: aor.id, expiresOn: days(-1), title: 'Expired Piece' }),
      future: await content.buildArticle({ categoryId: category, aorId: aor.id, publishOn: days(2), title: 'Future Piece' }),
      promotedNow: await content.buildArticle({
        categoryId: category,
        aorId: aor.id,
        promoteOn: days(-1),
        promoteEnd: days(1),
        title: 'Promoted Now',
      }),
      promotedPast: await content.buildArticle({
        categoryId: category,
        aorId: aor.id,
        promoteOn: days(-5),
        promoteEnd: days(-1),
        title: 'Promoted Past',
      }),
      promotedLater: await content.buildArticle({ categoryId: category, aorId: aor.id, promoteOn: days(1), title: 'Promoted Later' }),
      hostile: await content.buildArticle({
        categoryId: category,
        aorId: aor.id,
        content: HOSTILE_HTML,
        title: 'Hostile',
        adTemplate: '<script>1</script>',
      }),
    };
    return { agent, broker, category, ids };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    content = createContentFactories(ctx.db);
    world = await buildWorld();
  });
  afterAll(() => ctx.close());

  const get = async (accountId: number, url: string) => ctx.app.inject({ url, headers: await ctx.as(accountId) });
  const titles = (res: { json(): { results: Array<{ title: string }> } }) =>
    res
      .json()
      .results.map((a) => a.title)
      .sort();

  it('members read their association, published and unexpired only', async () => {
    const res = await get(world.agent.accountId, '/api/app/Articles/Search?q=');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Association Welcome', 'Hostile', 'Promoted Later', 'Promoted Now', 'Promoted Past']);
  });

  it("brokers (CB, DB, DN) read their office's articles (own and main office) instead", async () => {
    const res = await get(world.broker.accountId, '/api/app/articles/search');
    expect(titles(res)).toEqual(['Main Office Memo']);
  });

  it('search is a case-insensitive contains', async () => {
    expect(titles(await get(world.agent.accountId, '/api/app/Articles/Search?q=PROMOTED%20n'))).toEqual(['Promoted Now']);
    expect(titles(await get(world.agent.accountId, '/api/app/Articles/Search?q=100%25'))).toEqual([]);
  });

  it('promoted only between promoteOn and promoteEnd', async () => {
    expect(titles(await get(world.agent.accountId, '/api/app/Articles/promoted'))).toEqual(['Promoted Now']);
    expect(titles(await get(world.broker.accountId, '/api/app/Articles/promoted'))).toEqual([]);
  });

  it('the expanded article is results[0] with its category and ad; hidden ones are 404', async () => {
    const res = await get(world.agent.accountId, `/api/app/Article/${world.ids.aorLive}/expanded/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({
      id: world.ids.aorLive,
      articleCategory: { id: world.category },
      renderedContent: '<p>Hello</p>',
    });
    for (const id of [world.ids.draft, world.ids.expired, world.ids.future, world.ids.aorOther, world.ids.officeMain, 99_999_999]) {
      const hidden = await get(world.agent.accountId, `/api/app/Article/${id}/expanded/`);
      expect(hidden.statusCode, `article ${id}`).toBe(404);
    }
    expect((await get(world.broker.accountId, `/api/app/Article/${world.ids.aorLive}/expanded`)).statusCode).toBe(404);
  });

  it('stored content is sanitised: no script, handler, javascript: URL, SVG or style survives', async () => {
    const res = await get(world.agent.accountId, `/api/app/Article/${world.ids.hostile}/expanded/`);
    const article = res.json().results[0];
    expectNothingLive(article.content);
    expectNothingLive(article.renderedContent);
    expect(article.content).toContain('<p>Kept</p>');
    // The ad template stays third-party HTML: the web app runs it only in a sandboxed frame.
    expect(article.impressions).toEqual([{ tagName: 'article-ad', isEnabled: true, isScript: true, template: '<script>1</script>' }]);
  });

  it('bad ids are 400, strangers 401, and categories list id and name', async () => {
    expect((await get(world.agent.accountId, '/api/app/Article/abc/expanded/')).statusCode).toBe(400);
    expect((await get(world.agent.accountId, `/api/app/Articles/Search?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/app/Articles/promoted' })).statusCode).toBe(401);
    const cats = await get(world.agent.accountId, '/api/app/ArticlesCategory/');
    expect(cats.json().results).toContainEqual({ id: world.category, name: expect.any(String) });
  });
});
