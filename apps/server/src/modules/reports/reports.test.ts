import { REPORT_MEMBER_SEARCH_LIMITS, REPORT_MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

describe('report a violation API', () => {
  let ctx: TestContext;
  let w: Awaited<ReturnType<typeof world>>;

  async function world() {
    const aor = await ctx.factories.buildAssociation();
    const otherAor = await ctx.factories.buildAssociation();
    const office = await ctx.factories.buildOffice({ aorId: aor.id });
    const otherOffice = await ctx.factories.buildOffice({ aorId: otherAor.id });
    const agent = await ctx.factories.buildMember({ office });
    const staff = await ctx.factories.buildMember({ office, isCrmlsAorAdmin: true });
    const otherStaff = await ctx.factories.buildMember({ office: otherOffice, isCrmlsAorAdmin: true });
    const reported = await ctx.factories.buildMember({ office: otherOffice });
    const cat = async (text: string, order: number | null) =>
      (await ctx.db.one<{ id: number }>('INSERT INTO report_reason_categories (display_text, list_order) VALUES ($1, $2) RETURNING id', [
        text,
        order,
      ]))!.id;
    const reason = async (text: string, requiresListing: boolean, visible: boolean, categoryId: number | null) =>
      (await ctx.db.one<{ id: number }>(
        'INSERT INTO report_reasons (reason_text, requires_listing, is_visible_to_members, report_reason_category_id) VALUES ($1, $2, $3, $4) RETURNING id',
        [text, requiresListing, visible, categoryId],
      ))!.id;
    const data = await cat('Listing Data', 1);
    const conduct = await cat('Conduct', null);
    const reasons = {
      badPhotos: await reason('Misleading photos', true, true, data),
      hidden: await reason('Internal only', true, false, data),
      unlicensed: await reason('Unlicensed activity', false, true, conduct),
    };
    const listingId = `T${Date.now()}`;
    await ctx.db.query(
      `INSERT INTO mls_listings (mls_listing_id, aor_id, office_id, standard_status, property_type, list_price, listing_contract_date,
         on_market_date, unparsed_address, city, state_or_province, postal_code, public_remarks, photo_url)
       VALUES ($1, $2, $3, 'Active', 'Residential', 1250000.4, '2025-01-02', '2025-01-03', '1 Ocean Ave', 'Irvine', 'CA', '92618',
         'Lovely home', '/listings/house-1.svg')`,
      [listingId, otherAor.id, otherOffice.id],
    );
    return { aor, otherAor, agent, staff, otherStaff, reported, reasons, listingId };
  }

  const count = async () => (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM reports'))!.n;
  const create = async (accountId: number, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/Reports/CreateReport', headers: await ctx.as(accountId), payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await world();
  });
  afterAll(() => ctx.close());

  it('lists the reasons visible to members (staff see all), category first, ordered by listOrder (default 9999)', async () => {
    const reasons = async (accountId: number) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/ReportReasons/MemberHubReportReason/q',
          headers: await ctx.as(accountId),
          payload: { pageId: 1, pageSize: 50, criteria: [], orderBy: [] },
        })
      ).json().results;
    const forAgent = await reasons(w.agent.accountId);
    // The MLS's own 'Listing marketed but not in the MLS' (migration 1093, category order 5) sits between.
    const offMls = (await ctx.db.one<{ id: number }>("SELECT id FROM report_reasons WHERE kind = 'off-mls'"))!.id;
    expect(forAgent.map((r: { id: number }) => r.id)).toEqual([w.reasons.badPhotos, offMls, w.reasons.unlicensed]);
    expect(forAgent[1]).toMatchObject({ reasonText: 'Listing marketed but not in the MLS', kind: 'off-mls', requiresListing: true });
    expect(forAgent[0]).toMatchObject({
      reasonText: 'Misleading photos',
      requiresListing: true,
      reportReasonCategory: { displayText: 'Listing Data', listOrder: 1 },
    });
    expect((await reasons(w.staff.accountId)).map((r: { id: number }) => r.id)).toContain(w.reasons.hidden);
  });

  it('answers the page config and 404 for an unknown one', async () => {
    await ctx.db.query(`INSERT INTO page_configs (id, config) VALUES ('report-violation', $1::jsonb)`, [
      JSON.stringify({ disclaimerHtml: '<p>D</p>', confirmationHtml: '<p>C</p>' }),
    ]);
    const headers = await ctx.as(w.agent.accountId);
    const res = await ctx.app.inject({ url: '/PageConfigs/report-violation', headers });
    expect(JSON.parse(res.json().results[0].config)).toEqual({ disclaimerHtml: '<p>D</p>', confirmationHtml: '<p>C</p>' });
    expect((await ctx.app.inject({ url: '/PageConfigs/nothing', headers })).statusCode).toBe(404);
  });

  it('looks up a listing with its media, and answers no results for an unknown id', async () => {
    const headers = await ctx.as(w.agent.accountId);
    const res = await ctx.app.inject({ url: `/api/listings/long/${w.listingId}?include=media`, headers });
    expect(res.json().results[0]).toMatchObject({
      listingId: w.listingId,
      media: [{ mediaType: 'IMAGE', mediaURL: '/listings/house-1.svg' }],
      listPrice: 1250000.4,
      standardStatus: 'Active',
      onMarketDate: '2025-01-03',
      publicRemarks: 'Lovely home',
    });
    const none = await ctx.app.inject({ url: '/api/listings/long/NOPE1?include=media', headers });
    expect(none.json()).toMatchObject({ results: [], message: REPORT_MESSAGES.noListing });
    expect((await ctx.app.inject({ url: `/api/listings/long/${w.listingId}` })).statusCode).toBe(401);
  });

  it('finds members of the whole MLS for an agent, and looks one up by login id', async () => {
    const headers = await ctx.as(w.agent.accountId);
    const res = await ctx.app.inject({ url: `/Reports/Members/ta/${w.reported.loginId}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { loginId: string }) => r.loginId)).toContain(w.reported.loginId);
    const one = await ctx.app.inject({ url: `/Reports/Members/${w.reported.loginId}`, headers });
    expect(one.json().results[0]).toMatchObject({ loginId: w.reported.loginId, contactId: w.reported.memberId });
    expect(JSON.parse(one.json().results[0].contactJObject)).toHaveProperty('ContactOffices');
  });

  it('answers names, offices and associations MLS-wide, but e-mail and phones only inside the directory’s reach', async () => {
    const phone = '(714) 555-0100';
    await ctx.db.query('UPDATE members SET phone = $1 WHERE id = ANY($2::int[])', [phone, [w.reported.memberId, w.agent.memberId]]);
    const found = async (accountId: number, text: string) => {
      const res = await ctx.app.inject({ url: `/Reports/Members/ta/${encodeURIComponent(text)}`, headers: await ctx.as(accountId) });
      expect(res.statusCode).toBe(200);
      return res.json().results as Array<{ loginId: string; emailAddress: string | null; contactJObject: string }>;
    };
    const contactOf = (entry: { emailAddress: string | null; contactJObject: string } | undefined) => {
      const json = JSON.parse(entry?.contactJObject ?? '{}');
      return { email: entry?.emailAddress ?? null, phones: json.Phones, office: json.ContactOffices?.[0]?.OfficeCode ?? null };
    };
    // An agent reaches only themselves: another association's member comes with name and office, no e-mail, no phone.
    const byAgent = (await found(w.agent.accountId, w.reported.loginId)).find((e) => e.loginId === w.reported.loginId);
    expect(contactOf(byAgent)).toEqual({ email: null, phones: [], office: w.reported.officeCode });
    const self = (await found(w.agent.accountId, w.agent.loginId)).find((e) => e.loginId === w.agent.loginId);
    expect(contactOf(self)).toEqual({
      email: `${w.agent.loginId}@example.test`,
      phones: [{ Number: phone, Type: 'Office' }],
      office: w.agent.officeCode,
    });
    // Staff of the reported member's association reach them: contact details as the directory shows them.
    const byStaff = (await found(w.otherStaff.accountId, w.reported.loginId)).find((e) => e.loginId === w.reported.loginId);
    expect(contactOf(byStaff).email).toBe(`${w.reported.loginId}@example.test`);
    // The same rule on the lookup by login id.
    const lookup = async (accountId: number) =>
      (await ctx.app.inject({ url: `/Reports/Members/${w.reported.loginId}`, headers: await ctx.as(accountId) })).json().results[0];
    expect(contactOf(await lookup(w.agent.accountId))).toEqual({ email: null, phones: [], office: w.reported.officeCode });
    expect(contactOf(await lookup(w.otherStaff.accountId)).email).toBe(`${w.reported.loginId}@example.test`);
    // E-mail addresses are not searched: the type-ahead cannot tell whether an address belongs to a member.
    expect((await found(w.agent.accountId, `${w.reported.loginId}@example.te`)).map((e) => e.loginId)).not.toContain(w.reported.loginId);
  });

  it('limits the member search and lookup per member: 429 with Retry-After over the minute or the day, others unaffected', async () => {
    const searcher = await ctx.factories.buildMember({ type: 'Personal Assistant' });
    const headers = await ctx.as(searcher.accountId);
    const search = () => ctx.app.inject({ url: `/Reports/Members/ta/${w.reported.loginId}`, headers });
    expect((await search()).statusCode).toBe(200);
    const hits = async () =>
      (await ctx.db.one<{ minute_hits: number; day_hits: number }>(
        'SELECT minute_hits, day_hits FROM report_member_search_limits WHERE member_id = $1',
        [searcher.memberId],
      ))!;
    expect(await hits()).toEqual({ minute_hits: 1, day_hits: 1 });
    expect((await ctx.app.inject({ url: `/Reports/Members/${w.reported.loginId}`, headers })).statusCode).toBe(200);
    expect(await hits()).toEqual({ minute_hits: 2, day_hits: 2 });
    // The minute's calls used up (its window starts now, so it stays open for the next call).
    await ctx.db.query('UPDATE report_member_search_limits SET minute_start = now(), minute_hits = $2 WHERE member_id = $1', [
      searcher.memberId,
      REPORT_MEMBER_SEARCH_LIMITS.perMinute,
    ]);
    const refused = await search();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ isSuccessful: false, message: REPORT_MESSAGES.memberSearchLimited, results: [] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await ctx.app.inject({ url: `/Reports/Members/${w.reported.loginId}`, headers })).statusCode).toBe(429);
    // Another member is counted apart.
    expect(
      (await ctx.app.inject({ url: `/Reports/Members/ta/${w.reported.loginId}`, headers: await ctx.as(w.agent.accountId) })).statusCode,
    ).toBe(200);
    // A minute later the minute window starts again, but the day's calls can run out too.
    await ctx.db.query(
      `UPDATE report_member_search_limits SET minute_start = now() - interval '61 seconds', day_start = now(), day_hits = $2
       WHERE member_id = $1`,
      [searcher.memberId, REPORT_MEMBER_SEARCH_LIMITS.perDay],
    );
    const daily = await search();
    expect(daily.statusCode).toBe(429);
    expect(Number(daily.headers['retry-after'])).toBeGreaterThan(60);
    await ctx.db.query(`UPDATE report_member_search_limits SET day_start = now() - interval '25 hours' WHERE member_id = $1`, [
      searcher.memberId,
    ]);
    expect((await search()).statusCode).toBe(200);
    // Refused calls count too: the minute window holds the refused call and this one, the new day this one.
    expect(await hits()).toEqual({ minute_hits: 2, day_hits: 1 });
  });

  it('files a listing report as a case of the listing’s association, seen by the reporter and that staff only', async () => {
    const res = await create(w.agent.accountId, {
      reportReasonId: w.reasons.badPhotos,
      listingId: w.listingId,
      text: 'Photos are of another house',
      reportingParty: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Success / Report created successfully.');
    const { id, workItemId } = res.json().results[0];
    const stored = await ctx.db.one<{ reporting_party: string; reporter_member_id: number }>(
      'SELECT reporting_party, reporter_member_id FROM reports WHERE id = $1',
      [id],
    );
    expect(stored).toEqual({ reporting_party: w.agent.loginId, reporter_member_id: w.agent.memberId });
    const view = async (accountId: number) =>
      ctx.app.inject({ url: `/api/app/FormDefinition/ByWorkItem/${workItemId}/expanded/view`, headers: await ctx.as(accountId) });
    expect((await view(w.agent.accountId)).statusCode).toBe(200);
    expect((await view(w.otherStaff.accountId)).statusCode).toBe(200);
    expect((await view(w.staff.accountId)).statusCode).toBe(404);
    expect((await view(w.reported.accountId)).statusCode).toBe(404);
  });

  it('files a member report', async () => {
    const res = await create(w.agent.accountId, {
      reportReasonId: w.reasons.unlicensed,
      memberId: w.reported.memberId,
      text: 'Acting without a license',
    });
    expect(res.statusCode).toBe(200);
    const item = await ctx.db.one<{ aor_id: number; title: string }>('SELECT aor_id, title FROM work_items WHERE id = $1', [
      res.json().results[0].workItemId,
    ]);
    expect(item).toEqual({ aor_id: w.otherAor.id, title: `Unlicensed activity: member ${w.reported.loginId}` });
  });

  it('refuses bad reports with field errors and writes nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ listingId: w.listingId, text: 'x' }, 'reportReasonId'],
      [{ reportReasonId: w.reasons.badPhotos, listingId: w.listingId, text: '  ' }, 'text'],
      [{ reportReasonId: w.reasons.badPhotos, text: 'No listing' }, 'listingId'],
      [{ reportReasonId: w.reasons.badPhotos, listingId: 'NOPE1', text: 'Unknown listing' }, 'listingId'],
      [{ reportReasonId: w.reasons.unlicensed, text: 'No member' }, 'memberId'],
      [{ reportReasonId: w.reasons.unlicensed, memberId: 99999999, text: 'Unknown member' }, 'memberId'],
      [{ reportReasonId: w.reasons.hidden, listingId: w.listingId, text: 'Hidden reason' }, 'reportReasonId'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(w.agent.accountId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await count()).toBe(before);
    expect((await ctx.app.inject({ method: 'POST', url: '/Reports/CreateReport', payload: {} })).statusCode).toBe(401);
  });
});
