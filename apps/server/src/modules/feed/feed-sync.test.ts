import { addressKey, LIVE_CHANNEL, resoMemberSchema } from '@portico/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../../../test/context';
import { at, listing, member, office } from '../../../test/reso-rows';
import { ResoServer, type ResoServerOptions } from '../../../test/reso-server';
import { loadConfig } from '../../config';
import type { Db } from '../../db/index';
import { listen } from '../../lib/listen';
import { type SyncOptions, syncFeed } from './service';
import { upsertMember } from './upserts';

const FAST: SyncOptions = { backoffMs: 5, pageSize: 50 };
const opened: Array<{ close(): Promise<void> }> = [];
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/** What a previous test's feed wrote goes, so each test starts from no checkpoint (one database: migrating takes seconds). */
async function resetFeed(q: Db): Promise<void> {
  await q.query('DELETE FROM feed_checkpoints');
  await q.query('DELETE FROM feed_runs');
  await q.query('DELETE FROM feed_user_class_map');
  await q.query('DELETE FROM mls_listings WHERE listing_key IS NOT NULL');
  await q.query('DELETE FROM accounts WHERE member_id IN (SELECT id FROM members WHERE member_key IS NOT NULL)');
  await q.query('DELETE FROM members WHERE member_key IS NOT NULL');
  await q.query('DELETE FROM offices WHERE office_key IS NOT NULL');
}

async function setup(options: ResoServerOptions = {}, resources = 'Office,Member') {
  const server = await new ResoServer({ pageSize: 3, ...options }).start();
  await resetFeed(db);
  opened.push(server);
  const auth =
    options.auth?.kind === 'client-credentials'
      ? {
          RESO_TOKEN_URL: server.url.replace(/\/odata$/, '/token'),
          RESO_CLIENT_ID: 'portico',
          RESO_CLIENT_SECRET: 's3cret',
          RESO_SCOPE: 'api',
        }
      : { RESO_TOKEN: 'test-token' };
  const config = loadConfig({ RESO_WEB_API_URL: server.url, RESO_RESOURCES: resources, ...auth }).reso!;
  server.data.Office.push(office('OF1', 0), office('OF2', 1, { MainOfficeMlsId: 'OOF1' }));
  return { server, db, config };
}

/** Ten members; M03, M04 and M05 share one timestamp across the boundary of the server's 3-row pages. */
function tenMembers(server: ResoServer) {
  const minutes = [1, 2, 5, 5, 5, 6, 7, 8, 9, 10];
  server.data.Member.push(...minutes.map((m, i) => member(`M${String(i + 1).padStart(2, '0')}`, m)));
}

const memberKeys = (db: Db) =>
  db
    .query<{ member_key: string }>('SELECT member_key FROM members WHERE member_key IS NOT NULL ORDER BY member_key')
    .then((r) => r.map((x) => x.member_key));
const expectedKeys = (server: ResoServer) => server.data.Member.map((m) => m.MemberKey as string).sort();
const total = (runs: Array<{ resource: string; created: number; updated: number }>, resource: string, field: 'created' | 'updated') =>
  runs.filter((r) => r.resource === resource).reduce((n, r) => n + r[field], 0);

describe('RESO feed: replication', () => {
  it('first full sync: every row once, across equal timestamps at a page boundary, with the checkpoint at the last row', async () => {
    const { server, db, config } = await setup();
    tenMembers(server);
    const runs = await syncFeed(db, config, FAST);
    expect(runs.map((r) => [r.resource, r.created, r.updated, r.rejected, r.error])).toEqual([
      ['Office', 2, 0, 0, null],
      ['Member', 10, 0, 0, null],
    ]);
    expect(await memberKeys(db)).toEqual(expectedKeys(server));
    expect(await db.one('SELECT last_timestamp, last_key FROM feed_checkpoints WHERE resource = $1', ['Member'])).toEqual({
      last_timestamp: at(10),
      last_key: 'M10',
    });
    const m = await db.one<Record<string, unknown>>(
      `SELECT m.login_id, m.display_name, m.user_class, m.member_status_id, o.office_code, a.short_name, acc.password_hash
       FROM members m JOIN offices o ON o.id = m.office_id JOIN associations a ON a.id = m.aor_id JOIN accounts acc ON acc.member_id = m.id
       WHERE m.member_key = 'M01'`,
    );
    expect(m).toMatchObject({
      login_id: 'feed_m01',
      display_name: 'Pat MemberM01',
      user_class: 'AG',
      member_status_id: 1,
      office_code: 'OOF1',
      short_name: 'FEEDAOR',
    });
    expect(m?.password_hash).toMatch(/^!feed/);
    // Queries asked for the mapped fields in replication order, the later ones from the checkpoint.
    const first = server.requests.find((u) => u.pathname.endsWith('/Member'))!;
    expect(first.searchParams.get('$orderby')).toBe('ModificationTimestamp,MemberKey');
    expect(first.searchParams.get('$select')).toContain('MemberStateLicense');
    expect(server.requests.some((u) => u.searchParams.get('$filter')?.includes("MemberKey gt 'M03'"))).toBe(true);
    // A second sync with nothing new reads nothing again.
    const again = await syncFeed(db, config, FAST);
    expect(again.map((r) => r.created + r.updated)).toEqual([0, 0]);
  });

  it('incremental sync: changed, new and deactivated members, and unknown or malformed rows go to the review list', async () => {
    const { server, db, config } = await setup();
    tenMembers(server);
    await syncFeed(db, config, FAST);
    Object.assign(server.data.Member[0], { MemberLastName: 'Renamed', ModificationTimestamp: at(20) });
    Object.assign(server.data.Member[1], { MemberStatus: 'Inactive', ModificationTimestamp: at(21) });
    server.data.Member.push(
      member('M11', 22, { MemberType: 'MLS Staff' }),
      member('M12', 23, { MemberType: 'Wizard' }),
      member('M13', 24, { MemberEmail: 'not-an-email' }),
      member('M14', 25, { MemberMlsSecurityClass: 'DB', MemberType: 'Wizard' }),
      { ...member('', 26), MemberKey: undefined },
    );
    const [, run] = await syncFeed(db, config, FAST);
    expect([run.created, run.updated, run.deactivated, run.rejected, run.error]).toEqual([2, 1, 1, 3, null]);
    expect(await db.one("SELECT last_name FROM members WHERE member_key = 'M01'")).toEqual({ last_name: 'Renamed' });
    expect(await db.one("SELECT user_class FROM members WHERE member_key = 'M11'")).toEqual({ user_class: 'AS' });
    expect(await db.one("SELECT user_class FROM members WHERE member_key = 'M14'")).toEqual({ user_class: 'DB' });
    const rejected = await db.query<{ record_key: string | null; reason: string; unmapped_value: string | null }>(
      'SELECT record_key, reason, unmapped_value FROM feed_rejected_rows ORDER BY id',
    );
    expect(rejected).toEqual([
      { record_key: 'M12', reason: 'No user class for MemberType=Wizard', unmapped_value: 'MemberType=Wizard' },
      { record_key: 'M13', reason: expect.stringContaining('MemberEmail'), unmapped_value: null },
      { record_key: null, reason: expect.stringContaining('MemberKey'), unmapped_value: null },
    ]);
    expect(await db.one("SELECT count(*)::int AS n FROM members WHERE member_key = 'M12'")).toEqual({ n: 0 });
  });

  it('fills the NRDS ID from MemberNationalAssociationId, updates it, and keeps it when a row leaves it blank (issue 31)', async () => {
    const { server, db, config } = await setup();
    tenMembers(server);
    Object.assign(server.data.Member[0], { MemberNationalAssociationId: '123456789' });
    Object.assign(server.data.Member[1], { MemberNationalAssociationId: '  ' });
    await syncFeed(db, config, FAST);
    const nrds = async (key: string) =>
      (await db.one<{ nrds_id: string | null }>('SELECT nrds_id FROM members WHERE member_key = $1', [key]))?.nrds_id;
    expect(await nrds('M01')).toBe('123456789');
    expect(await nrds('M02')).toBeNull();
    // A later sync changes it; a blank (or a feed that stops sending it) keeps the one Portico has (decision 1161).
    Object.assign(server.data.Member[0], { MemberNationalAssociationId: '987654321', ModificationTimestamp: at(20) });
    Object.assign(server.data.Member[1], { MemberNationalAssociationId: '555000111', ModificationTimestamp: at(21) });
    await syncFeed(db, config, FAST);
    expect([await nrds('M01'), await nrds('M02')]).toEqual(['987654321', '555000111']);
    Object.assign(server.data.Member[0], { MemberNationalAssociationId: '', ModificationTimestamp: at(22) });
    Object.assign(server.data.Member[1], { MemberNationalAssociationId: undefined, ModificationTimestamp: at(23) });
    await syncFeed(db, config, FAST);
    expect([await nrds('M01'), await nrds('M02')]).toEqual(['987654321', '555000111']);
    // The row-by-row write (a page the one-statement write refused) follows the same rules.
    const row = resoMemberSchema.parse({ ...server.data.Member[2], MemberNationalAssociationId: '222333444' });
    await db.tx((q) => upsertMember(q, row, 'AG'));
    expect(await nrds('M03')).toBe('222333444');
    await db.tx((q) => upsertMember(q, { ...row, MemberNationalAssociationId: null }, 'AG'));
    expect(await nrds('M03')).toBe('222333444');
  });

  it('a row changed during the sync is neither lost nor doubled, whatever the $skip paging does', async () => {
    const { server, db, config } = await setup();
    tenMembers(server);
    // When the second page is asked for, the MLS changes a row the first page already returned: it moves to the end.
    let memberRequests = 0;
    server.beforeRequest = (_n, url) => {
      if (url.pathname.endsWith('/Member') && ++memberRequests === 2) {
        Object.assign(server.data.Member[0], { MemberFirstName: 'Changed', ModificationTimestamp: at(30) });
      }
    };
    const runs = await syncFeed(db, config, FAST);
    expect(runs.every((r) => r.error === null)).toBe(true);
    expect(await memberKeys(db)).toEqual(expectedKeys(server));
    expect(await db.one("SELECT first_name FROM members WHERE member_key = 'M01'")).toEqual({ first_name: 'Changed' });
    expect(total(runs, 'Member', 'created')).toBe(10);
  });

  it('follows a $skiptoken next link as it is (plain application/json, without odata.metadata)', async () => {
    const { server, db, config } = await setup({ paging: 'skiptoken', contentType: 'application/json; charset=utf-8' });
    tenMembers(server);
    const runs = await syncFeed(db, config, FAST);
    expect(total(runs, 'Member', 'created')).toBe(10);
    expect(server.requests.filter((u) => u.searchParams.has('$skiptoken')).length).toBeGreaterThanOrEqual(3);
    expect(await memberKeys(db)).toEqual(expectedKeys(server));
  });

  it('retries a 429 after its Retry-After and a 500 with backoff, then reports a page that keeps failing', async () => {
    const { server, db, config } = await setup();
    tenMembers(server);
    server.faults.push(
      { when: ({ n }) => n === 2, status: 429, headers: { 'retry-after': '0' } },
      { when: ({ url }) => url.pathname.endsWith('/Member') && url.searchParams.has('$filter'), status: 500 },
    );
    const runs = await syncFeed(db, config, FAST);
    expect(runs.map((r) => r.error)).toEqual([null, null]);
    expect(total(runs, 'Member', 'created')).toBe(10);

    const next = await setup();
    tenMembers(next.server);
    next.server.faults.push({ when: ({ url }) => url.searchParams.get('$filter')?.includes("'M03'") ?? false, status: 500, times: 99 });
    const failed = await syncFeed(next.db, next.config, { ...FAST, retries: 2 });
    expect(failed[1].error).toMatch(/500 .* after 3 tries/);
    expect(failed[1].created).toBe(3);
    expect(await next.db.one("SELECT last_key FROM feed_checkpoints WHERE resource = 'Member'")).toEqual({ last_key: 'M03' });
    next.server.faults.length = 0;
    const resumed = await syncFeed(next.db, next.config, FAST);
    expect(resumed[1]).toMatchObject({ created: 7, updated: 0, error: null });
    expect(await memberKeys(next.db)).toEqual(expectedKeys(next.server));
  });

  it('a crash in the middle resumes from the last committed page without loss or duplicates', async () => {
    const { server, db, config } = await setup();
    tenMembers(server);
    const crashed = await syncFeed(db, config, {
      ...FAST,
      afterPage: (resource, page) => {
        if (resource === 'Member' && page === 2) throw new Error('killed');
      },
    });
    expect(crashed[1]).toMatchObject({ created: 6, error: 'killed' });
    const resumed = await syncFeed(db, config, FAST);
    expect(resumed[1]).toMatchObject({ created: 4, updated: 0, error: null });
    expect(await memberKeys(db)).toEqual(expectedKeys(server));
  });

  it('renews a client-credentials token before it expires, and once more when the server revokes it mid-sync', async () => {
    const { server, db, config } = await setup({
      auth: { kind: 'client-credentials', clientId: 'portico', clientSecret: 's3cret', tokenSeconds: 1 },
    });
    tenMembers(server);
    // Each request moves the clock on a quarter of a second, so the 1-second tokens age without waiting.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    server.beforeRequest = async (n) => {
      vi.setSystemTime(Date.now() + 250);
      if (n === 3) server.revokeTokens();
    };
    const runs = await syncFeed(db, config, FAST).finally(() => vi.useRealTimers());
    expect(runs.map((r) => r.error)).toEqual([null, null]);
    expect(total(runs, 'Member', 'created')).toBe(10);
    expect(server.tokenRequests).toBeGreaterThanOrEqual(3);
  });

  it('replicates listings with their agent and office', async () => {
    const { server, db, config } = await setup({}, 'Office,Member,Property');
    tenMembers(server);
    server.data.Property.push(
      listing('L1', 1),
      listing('L2', 2, { StandardStatus: 'Closed', ClosePrice: 490000, CloseDate: '2026-02-01', UnparsedAddress: '12 Feed Street' }),
    );
    server.data.Property.push(listing('L3', 3, { ListingContractDate: 'yesterday' }));
    const runs = await syncFeed(db, config, FAST);
    expect(runs[2]).toMatchObject({ resource: 'Property', created: 2, rejected: 1, error: null });
    const row = await db.one(
      `SELECT l.mls_listing_id, l.standard_status, l.close_price, m.member_key, o.office_key, l.aor_id IS NOT NULL AS has_aor
       FROM mls_listings l JOIN members m ON m.id = l.list_agent_member_id JOIN offices o ON o.id = l.office_id WHERE l.listing_key = 'L2'`,
    );
    expect(row).toEqual({
      mls_listing_id: 'FEEDL2',
      standard_status: 'Closed',
      close_price: 490000,
      member_key: 'M01',
      office_key: 'OF1',
      has_aor: true,
    });
    // Keyed as it is written, through the shared normaliser: the Clear Cooperation watch never waits for it (decision 1160).
    const keyOfL2 = addressKey('12 Feed Street', '92501');
    expect(keyOfL2).toBeTruthy();
    expect(await db.one("SELECT address_key FROM mls_listings WHERE listing_key = 'L2'")).toEqual({ address_key: keyOfL2 });

    // A page the one-statement write cannot take (two rows with one ListingId) is written row by row instead.
    server.data.Property.push(listing('L4', 4, { ListingId: 'DUP' }), listing('L5', 5, { ListingId: 'DUP', ListPrice: 1 }));
    const again = await syncFeed(db, config, FAST);
    expect(again[2]).toMatchObject({ resource: 'Property', created: 1, updated: 1, rejected: 0, error: null });
    expect(await db.one("SELECT listing_key, list_price FROM mls_listings WHERE mls_listing_id = 'DUP'")).toEqual({
      listing_key: 'L5',
      list_price: 1,
    });
  });

  it('progress held back by the once-a-second limit is signalled a moment later, even when the next page never comes', async () => {
    const { server, db, config } = await setup();
    tenMembers(server);
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let memberPages = 0;
    server.beforeRequest = (_n, url) => (url.pathname.endsWith('/Member') && ++memberPages > 1 ? gate : undefined);
    const signals: number[] = [];
    const listening = await listen(db, LIVE_CHANNEL, {
      onPayload: (payload) => JSON.parse(payload).kind === 'feed' && signals.push(Date.now()),
      onReconnect: () => undefined,
      onError: () => undefined,
    });
    const sync = syncFeed(db, config, { ...FAST, pageSize: 3 });
    try {
      // The first Member page is committed (it came at once, within the second after the run's start signal)...
      await vi.waitFor(
        () => db.one("SELECT 1 FROM feed_runs WHERE resource = 'Member' AND pages = 1").then((r) => expect(r).toBeTruthy()),
        {
          timeout: 10_000,
        },
      );
      const committed = Date.now();
      // ...and the screen hears of it while the sync waits for the next page.
      await vi.waitFor(() => expect(signals.some((t) => t >= committed)).toBe(true), { timeout: 5_000 });
    } finally {
      openGate();
      await sync;
      await listening.stop();
    }
  });
});
