import { addDays, DEFAULT_MLS_TIME_ZONE, todayIso } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { buildFuzzWorld, type FuzzWorld } from '../test/fuzz-world';
import { buildListing } from '../test/registered-factories';

type Case = [what: string, method: string, url: string, body: unknown, status: number, field?: string];

/**
 * Issue 15 section 1, case by case: each of these answered a 500 (or another row) on the landed main. Every one is
 * now a 400 (or 404) in the error envelope, naming the field where there is one.
 */
describe('input read strictly (issue 15)', () => {
  let ctx: TestContext;
  let world: FuzzWorld;
  let listingId: number;
  const q = (criteria: unknown[]) => ({ pageId: 1, pageSize: 10, criteria });

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await buildFuzzWorld(ctx);
    listingId = (await buildListing(ctx.db, world.agent, { listingId: 'AA90000777' })).id;
  });
  afterAll(() => ctx.close());

  const big = 2_147_483_648;
  const cases: Case[] = [
    ['an id above int4 in the path', 'GET', '/api/app/Registration/99999999999', undefined, 400, 'id'],
    ['an id in exponent form', 'GET', '/api/app/Registration/2e0', undefined, 400, 'id'],
    ['an id in hex', 'GET', '/api/app/Registration/0x10', undefined, 400, 'id'],
    ['an id with a blank', 'GET', '/api/app/Registration/%201', undefined, 400, 'id'],
    ['an id with a fraction', 'GET', '/api/app/Registration/1.0', undefined, 400, 'id'],
    ['a negative id', 'GET', '/api/app/Registration/-1', undefined, 400, 'id'],
    ['a huge message id', 'GET', '/api/app/EmailRequestMessage/99999999999', undefined, 400, 'id'],
    ['a huge system notification id', 'GET', '/api/app/SystemNotification/99999999999', undefined, 400, 'id'],
    ['a huge chat id', 'GET', '/api/app/SupportChat/99999999999', undefined, 400, 'id'],
    ['a huge class id', 'GET', '/api/app/trainingClass/99999999999/expanded', undefined, 400, 'id'],
    ['a huge form definition id', 'GET', '/api/app/FormDefinition/ByWorkItem/99999999999/expanded/view', undefined, 400, 'id'],
    ['a huge owner id', 'GET', '/api/DerivedSettings/member/99999999999', undefined, 400, 'id'],
    ['a huge office id', 'GET', '/api/app/OfficeApplications/99999999999', undefined, 400, 'officeId'],
    ['a huge setting group id', 'GET', '/api/app/SettingGroups/99999999999/types', undefined, 400, 'id'],
    ['a huge class request id', 'POST', '/api/app/ClassRequest/99999999999/Cancel', {}, 400, 'id'],
    ['a huge attendee id', 'PUT', '/api/app/attendee/unregister?id=99999999999', {}, 400, 'id'],
    ['memberId above int4', 'POST', '/api/app/attendee/register', { memberId: big, trainingClassId: 1 }, 400, 'memberId'],
    ['trainingClassId above int4', 'POST', '/api/app/attendee/register', { memberId: 1, trainingClassId: big }, 400, 'trainingClassId'],
    ['officeId above int4', 'PUT', '/api/app/OfficeApplications', { officeId: big, applicationId: 1, accessControl: 0 }, 400, 'officeId'],
    [
      'applicationId above int4',
      'PUT',
      '/api/app/OfficeApplications',
      { officeId: 1, applicationId: big, accessControl: 0 },
      400,
      'applicationId',
    ],
    ['ownerId above int4', 'PUT', '/api/app/MemberSettings', { ownerId: big, settings: [{ typeId: 1, shortValue: '1' }] }, 400, 'ownerId'],
    [
      'trainingTopicId above int4',
      'POST',
      '/api/app/classRequest',
      { requestedBy: 1, trainingTopicId: big, comments: 'x', dateTime: '2030-01-07T09:00' },
      400,
      'trainingTopicId',
    ],
    ['reportReasonId above int4', 'POST', '/Reports/CreateReport', { reportReasonId: big, text: 'x' }, 400, 'reportReasonId'],
    [
      'a NUL in a criteria value',
      'POST',
      '/api/app/TrainingClass/q',
      q([{ field: 'className', op: 'Contains', values: ['a\u0000b'] }]),
      400,
    ],
    ['a NUL in a work item search', 'POST', '/api/app/WorkItem/q', { ...q([]), searchText: 'a\u0000b' }, 400, 'searchText'],
    ['a NUL in chat', 'POST', '/api/app/SupportChat/1/Messages', { body: 'a\u0000b' }, 400, 'body'],
    ['a NUL in report text', 'POST', '/Reports/CreateReport', { reportReasonId: 1, text: 'a\u0000b' }, 400, 'text'],
    ['a lone surrogate in report text', 'POST', '/Reports/CreateReport', { reportReasonId: 1, text: 'a\ud800b' }, 400, 'text'],
    [
      'a lone surrogate in a ticket body',
      'POST',
      '/api/app/WorkItem/',
      { workItemDefinitionId: 1, title: 'Help', fields: { Body: '\ud800' } },
      400,
      'fields.Body',
    ],
    ['%00 in a member type-ahead', 'GET', '/cribdata/Members/ta/a%00b', undefined, 400, 'text'],
    ['%00 in the report member type-ahead', 'GET', '/Reports/Members/ta/a%00b', undefined, 400, 'search'],
    ['%00 in a member login', 'GET', '/Reports/Members/a%00b', undefined, 400, 'loginId'],
    ['%00 in the audience type-ahead', 'GET', '/api/app/AudienceIndexes/ta/a%00b', undefined, 400, 'search'],
    ['%00 in the office type-ahead', 'GET', '/api/app/Offices/ta/a%00b', undefined, 400, 'searchText'],
    ['%00 in a page config', 'GET', '/PageConfigs/a%00b', undefined, 400, 'id'],
    ['%00 in a long listing', 'GET', '/api/listings/long/a%00b', undefined, 400, 'listingId'],
    [
      'an impossible date on a date criterion',
      'POST',
      '/api/app/TrainingClass/q',
      q([{ field: 'startTime', op: 'GreaterThan', values: ['2027-02-30'] }]),
      400,
    ],
    ['"1" on a date criterion', 'POST', '/api/app/TrainingClass/q', q([{ field: 'startTime', op: 'GreaterThan', values: ['1'] }]), 400],
    [
      'a date beyond PostgreSQL',
      'POST',
      '/api/app/TrainingClass/q',
      q([{ field: 'startTime', op: 'GreaterThan', values: ['+275760-09-13T00:00:00Z'] }]),
      400,
    ],
    ['1.5 on an integer criterion', 'POST', '/api/app/TrainingClass/q', q([{ field: 'id', op: 'Equal', values: [1.5] }]), 400],
    ['1e12 on an integer criterion', 'POST', '/api/app/TrainingClass/q', q([{ field: 'id', op: 'Equal', values: [1e12] }]), 400],
    [
      'an impossible class request date',
      'POST',
      '/api/app/classRequest',
      { requestedBy: 1, trainingTopicId: 1, comments: 'x', dateTime: '2027-02-30T09:00' },
      400,
      'dateTime',
    ],
    [
      'an impossible article date',
      'POST',
      '/api/app/article/',
      { title: 'Title here', content: '<p>x</p>', publishOn: '2027-02-29T10:00:00Z', expiresOn: '2027-03-10T10:00:00Z' },
      400,
      'publishOn',
    ],
  ];

  it.each(cases)('%s: %s %s', async (_what, method, url, body, status, field) => {
    const caller = /article|SystemNotification\/|OfficeApplications|AudienceIndexes|Offices\/ta/i.test(url) ? world.mlsStaff : world.agent;
    const res = await ctx.app.inject({ method: method as 'GET', url, payload: body as object, headers: await ctx.as(caller.accountId) });
    expect(res.statusCode, res.body).toBe(status);
    const answer = res.json() as { isSuccessful: boolean; errors: Array<{ field: string }> };
    expect(answer.isSuccessful).toBe(false);
    if (field) expect(answer.errors.map((e) => e.field)).toContain(field);
  });

  it('refuses a NUL on a route not made by route() too, before its handler (decision 1184)', async () => {
    // The liveness probe: a Fastify route of its own, with a hook of its own.
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz?x=a%00b' });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toContain('x');
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz?x=ab' })).statusCode).toBe(200);
  });

  it('refuses a NUL in a login id without sign-in, as a 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/app/AccountContact/ForgotPassword', payload: { LoginId: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'LoginId', message: 'Contains a character that cannot be stored' }]);
  });

  it.each([
    ['listPrice', 1e12, 'Must be at most 999,999,999,999'],
    ['listPrice', 1e20, 'Must be at most 999,999,999,999'],
    ['listPrice', 1.5, 'Must be a whole number of dollars'],
    ['expirationDate', '2027-02-30', 'Enter a valid date'],
    ['listingContractDate', '2027-02-29', 'Enter a valid date'],
    ['latitude', 91, 'Must be a latitude from -90 to 90'],
    ['streetName', 'Main\u0000', 'Contains a character that cannot be stored'],
  ])('refuses a registered listing with %s %j and says why', async (field, value, message) => {
    const load = await ctx.app.inject({ url: `/api/app/Registration/${listingId}`, headers: await ctx.as(world.agent.accountId) });
    const listing = load.json().results[0];
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Registration/${listingId}`,
      headers: await ctx.as(world.agent.accountId),
      payload: { ...listing, [field]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('refuses a cancellation date before the contract date, and changes nothing', async () => {
    const today = todayIso(DEFAULT_MLS_TIME_ZONE);
    const own = await buildListing(ctx.db, world.agent);
    await ctx.db.query('UPDATE registered_listings SET listing_contract_date = $1 WHERE id = $2', [addDays(today, -3), own.id]);
    const early = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Registration/status/${own.id}`,
      headers: await ctx.as(world.agent.accountId),
      payload: { standardStatus: 'C', cancellationDate: addDays(today, -10) },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].field).toBe('cancellationDate');
    const row = await ctx.db.one<{ standard_status: string }>('SELECT standard_status FROM registered_listings WHERE id = $1', [own.id]);
    expect(row?.standard_status).toBe('A');
  });
});
