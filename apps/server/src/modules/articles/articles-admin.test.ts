import { ARTICLE_ADMIN_MESSAGES as M } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentFactories, expectNothingLive, HOSTILE_HTML } from '../../../test/content-factories';
import { createTestContext, type TestContext } from '../../../test/context';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

describe('articles admin API (Articles tab)', () => {
  let ctx: TestContext;
  let w: Awaited<ReturnType<typeof buildWorld>>;

  async function buildWorld() {
    const f = ctx.factories;
    const content = createContentFactories(ctx.db);
    const aor = await f.buildAssociation();
    const otherAor = await f.buildAssociation();
    const gsm = await f.buildAssociation('GSM');
    const office = await f.buildOffice({ aorId: aor.id });
    const otherOffice = await f.buildOffice({ aorId: aor.id });
    const branch = await f.buildOffice({ aorId: aor.id, mainOfficeCode: office.code });
    const elsewhere = await f.buildOffice({ aorId: otherAor.id });
    const category = await content.buildCategory();
    const people = {
      staff: await f.buildMember({ type: 'Association Staff', office }),
      otherStaff: await f.buildMember({ type: 'Association Staff', office: elsewhere }),
      gsmStaff: await f.buildMember({ type: 'Association Staff', office: await f.buildOffice({ aorId: gsm.id }) }),
      mls: await f.buildMember({ type: 'MLS Staff', office: elsewhere }),
      broker: await f.buildMember({ type: 'Broker', office }),
      otherBroker: await f.buildMember({ type: 'Broker', office: otherOffice }),
      branchBroker: await f.buildMember({ type: 'Broker', office: branch }),
      agent: await f.buildMember({ type: 'Agent', office }),
      otherAgent: await f.buildMember({ type: 'Agent', office: elsewhere }),
    };
    const ids = {
      aorDraft: await content.buildArticle({ categoryId: category, aorId: aor.id, status: 'Draft', title: 'Staff Draft' }),
      aorExpired: await content.buildArticle({ categoryId: category, aorId: aor.id, expiresOn: new Date(inDays(-1)), title: 'Old News' }),
      office: await content.buildArticle({ categoryId: category, officeId: office.id, title: 'Office Memo' }),
      otherOffice: await content.buildArticle({ categoryId: category, officeId: otherOffice.id, title: 'Other Office Memo' }),
      branch: await content.buildArticle({ categoryId: category, officeId: branch.id, title: 'Branch Memo' }),
      otherAor: await content.buildArticle({ categoryId: category, aorId: otherAor.id, title: 'Elsewhere Notes' }),
    };
    return { aor, otherAor, office, people, ids };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld();
  });
  afterAll(() => ctx.close());

  const call = async (who: { accountId: number }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, payload: payload as never, headers: await ctx.as(who.accountId) });
  const titles = (res: { json(): { results: Array<{ title: string }> } }) =>
    res
      .json()
      .results.map((a) => a.title)
      .sort();
  const form = (over: Record<string, unknown> = {}) => ({
    title: 'Holiday Office Hours',
    byline: 'The Association',
    imageUrl: '/files/articles/1/carousel/holiday.png',
    publishOn: new Date().toISOString(),
    expiresOn: inDays(30),
    promoteOn: inDays(1),
    promoteEnd: inDays(5),
    content: '<p>We close early on Friday.</p>',
    ...over,
  });
  const count = async () => (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM articles'))!.n;

  it("lists only the scope: association staff their association, brokers their firm's offices, MLS staff all", async () => {
    const query = { pageId: 1, pageSize: 50, criteria: [], orderBy: [{ field: 'title', direction: 'Asc' }] };
    const staff = await call(w.people.staff, 'POST', '/api/app/article/q', query);
    expect(staff.statusCode).toBe(200);
    expect(titles(staff)).toEqual(['Old News', 'Staff Draft']);
    expect(titles(await call(w.people.broker, 'POST', '/api/app/article/q', query))).toEqual(['Branch Memo', 'Office Memo']);
    expect(titles(await call(w.people.branchBroker, 'POST', '/api/app/article/q', query))).toEqual(['Branch Memo', 'Office Memo']);
    expect(titles(await call(w.people.otherBroker, 'POST', '/api/app/article/q', query))).toEqual(['Other Office Memo']);
    expect(titles(await call(w.people.mls, 'POST', '/api/app/Article/q', query))).toEqual(
      expect.arrayContaining(['Elsewhere Notes', 'Office Memo', 'Old News', 'Other Office Memo', 'Staff Draft']),
    );
    const search = await call(w.people.staff, 'POST', '/api/app/article/q', {
      ...query,
      criteria: [{ field: 'title', op: 'Contains', values: ['draft'] }],
    });
    expect(search.json()).toMatchObject({
      totalResults: 1,
      results: [{ title: 'Staff Draft', status: 'Draft', createdOn: expect.any(String) }],
    });
  });

  it('refuses agents, GSMLS staff and strangers, and unknown fields of the query', async () => {
    for (const who of [w.people.agent, w.people.gsmStaff]) {
      expect((await call(who, 'POST', '/api/app/article/q', {})).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/app/article/', form())).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/api/app/Article/${w.ids.aorDraft}`)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/app/article/q', payload: {} })).statusCode).toBe(401);
    const bad = await call(w.people.staff, 'POST', '/api/app/article/q', { criteria: [{ field: 'office_id', op: 'Equal', values: [1] }] });
    expect(bad.statusCode).toBe(400);
  });

  it('reads any article of the scope expanded (draft, expired), but not those of others', async () => {
    const draft = await call(w.people.staff, 'GET', `/api/app/article/${w.ids.aorDraft}/expanded`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().results[0]).toMatchObject({ id: w.ids.aorDraft, status: 'Draft' });
    expect((await call(w.people.staff, 'GET', `/api/app/Article/${w.ids.aorExpired}/expanded/`)).statusCode).toBe(200);
    expect((await call(w.people.staff, 'GET', `/api/app/article/${w.ids.otherAor}/expanded`)).statusCode).toBe(404);
    expect((await call(w.people.broker, 'GET', `/api/app/article/${w.ids.otherOffice}/expanded`)).statusCode).toBe(404);
    // A member (no admin) still reads only live articles of their audience.
    expect((await call(w.people.agent, 'GET', `/api/app/article/${w.ids.aorDraft}/expanded`)).statusCode).toBe(404);
  });

  it('bad input is a 400 with field messages and writes nothing', async () => {
    const before = await count();
    const res = await call(w.people.staff, 'POST', '/api/app/article/', {
      title: 'Hi',
      byline: 'x'.repeat(201),
      imageUrl: '/files/doc.pdf',
      publishOn: inDays(-2),
      expiresOn: inDays(-3),
      promoteEnd: inDays(1),
      content: '<p> </p>',
    });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(errors).toMatchObject({
      title: M.titleLength,
      byline: M.bylineLength,
      imageUrl: M.imageUrl,
      content: M.bodyRequired,
    });
    const dates = await call(
      w.people.staff,
      'POST',
      '/api/app/article/',
      form({ publishOn: inDays(-2), expiresOn: inDays(-3), promoteOn: null }),
    );
    const dateErrors = Object.fromEntries(dates.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(dateErrors).toEqual({ publishOn: M.publishOnFuture, expiresOn: M.expiresAfterPublish, promoteOn: M.promoteOnRequired });
    const missing = await call(w.people.staff, 'POST', '/api/app/article/', { content: '' });
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: M.titleRequired },
        { field: 'publishOn', message: M.publishOnRequired },
        { field: 'expiresOn', message: M.expiresOnRequired },
        { field: 'content', message: M.bodyRequired },
      ]),
    );
    const html = await call(w.people.staff, 'POST', '/api/app/article/', form({ title: '<b>Bold title</b>' }));
    expect(html.json().errors).toEqual([{ field: 'title', message: M.htmlNotAllowed }]);
    const category = await call(w.people.staff, 'POST', '/api/app/article/', form({ articleCategoryId: 987654 }));
    expect(category.statusCode).toBe(400);
    const criteria = await call(
      w.people.staff,
      'POST',
      '/api/app/article/',
      form({ criteria: '[{"field":"AorId","op":"Equal","values":[999999]}]' }),
    );
    expect(criteria.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('association staff create an Approved article (category 10) that members of the association read, and nobody else', async () => {
    const res = await call(w.people.staff, 'POST', '/api/app/article/', form({ content: `<p>Kept</p>${HOSTILE_HTML}` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(M.created);
    const article = res.json().results[0];
    expect(article).toMatchObject({
      title: 'Holiday Office Hours',
      status: 'Approved',
      articleCategoryId: 10,
      createdByName: expect.stringMatching(/^First\d+ Last\d+$/),
    });
    expect(JSON.parse(article.criteria)).toEqual([{ field: 'aorId', op: 'Equal', values: [w.aor.id] }]);
    expectNothingLive(article.content);
    expect(titles(await call(w.people.agent, 'GET', '/api/app/Articles/Search?q=holiday'))).toEqual(['Holiday Office Hours']);
    expect(titles(await call(w.people.otherAgent, 'GET', '/api/app/Articles/Search?q=holiday'))).toEqual([]);
    expect(titles(await call(w.people.broker, 'GET', '/api/app/Articles/Search?q=holiday'))).toEqual([]);
    expect((await call(w.people.agent, 'GET', `/api/app/Article/${article.id}/expanded/`)).statusCode).toBe(200);
    expect((await call(w.people.otherStaff, 'PUT', `/api/app/article/${article.id}`, form())).statusCode).toBe(404);
  });

  it("brokers create in their firm's main office (category 1), read by the firm's brokers only", async () => {
    const res = await call(w.people.branchBroker, 'POST', '/api/app/article/', form({ title: 'Office Potluck' }));
    expect(res.statusCode).toBe(201);
    const article = res.json().results[0];
    expect(article).toMatchObject({ articleCategoryId: 1, status: 'Approved' });
    expect(JSON.parse(article.criteria)).toEqual([{ field: 'officeCode', op: 'Equal', values: [w.office.code] }]);
    expect((await ctx.db.one<{ office_id: number }>('SELECT office_id FROM articles WHERE id = $1', [article.id]))?.office_id).toBe(
      w.office.id,
    );
    expect(titles(await call(w.people.broker, 'GET', '/api/app/Articles/Search?q=potluck'))).toEqual(['Office Potluck']);
    expect(titles(await call(w.people.branchBroker, 'GET', '/api/app/Articles/Search?q=potluck'))).toEqual(['Office Potluck']);
    expect(titles(await call(w.people.otherBroker, 'GET', '/api/app/Articles/Search?q=potluck'))).toEqual([]);
    expect(titles(await call(w.people.agent, 'GET', '/api/app/Articles/Search?q=potluck'))).toEqual([]);
  });

  it('updates the editable fields; an unchanged past publish date stays valid, a changed one must not lie in the past', async () => {
    const id = w.ids.aorExpired;
    const current = (await call(w.people.staff, 'GET', `/api/app/article/${id}/expanded`)).json().results[0];
    const edit = {
      title: 'Old News, Renewed',
      byline: current.byline,
      imageUrl: null,
      publishOn: current.publishOn,
      expiresOn: inDays(10),
      promoteOn: null,
      promoteEnd: null,
      content: '<p>Renewed</p>',
    };
    const res = await call(w.people.staff, 'PUT', `/api/app/article/${id}`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.updated,
      results: [{ title: 'Old News, Renewed', content: '<p>Renewed</p>', status: 'Published' }],
    });
    const moved = await call(w.people.staff, 'PUT', `/api/app/article/${id}`, { ...edit, publishOn: inDays(-3) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([{ field: 'publishOn', message: M.notBeforeNow('Publish On') }]);
    expect((await call(w.people.broker, 'PUT', `/api/app/article/${id}`, edit)).statusCode).toBe(404);
  });

  it('deletes within the scope only', async () => {
    expect((await call(w.people.broker, 'DELETE', `/api/app/Article/${w.ids.aorDraft}`)).statusCode).toBe(404);
    expect((await call(w.people.otherStaff, 'DELETE', `/api/app/Article/${w.ids.aorDraft}`)).statusCode).toBe(404);
    const res = await call(w.people.staff, 'DELETE', `/api/app/Article/${w.ids.aorDraft}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.deleted);
    expect((await call(w.people.staff, 'GET', `/api/app/article/${w.ids.aorDraft}/expanded`)).statusCode).toBe(404);
  });
});
