import { FEED_IMPORT_MAX_BYTES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { applyImport } from './service';

/** A CSV from a header row and rows (cells quoted when they need it). */
const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n')}\n`;
const MEMBER_HEADERS = [
  'MemberKey',
  'MemberMlsId',
  'MemberLoginId',
  'MemberFirstName',
  'MemberLastName',
  'MemberEmail',
  'MemberType',
  'MemberStatus',
  'OfficeKey',
];
const member = (key: string, over: Partial<Record<(typeof MEMBER_HEADERS)[number], string>> = {}) =>
  MEMBER_HEADERS.map((h) => {
    const defaults: Record<string, string> = {
      MemberKey: key,
      MemberMlsId: `MLS${key}`,
      MemberLoginId: `csv_${key.toLowerCase()}`,
      MemberFirstName: 'Casey',
      MemberLastName: `Member${key}`,
      MemberEmail: `${key.toLowerCase()}@csv.example`,
      MemberType: 'Agent',
      MemberStatus: 'Active',
      OfficeKey: 'CO1',
    };
    return over[h] ?? defaults[h];
  });

describe('CSV import of members and offices (the feed’s fallback)', () => {
  let ctx: TestContext;
  let staff: Record<string, string>;

  const upload = async (body: string | Buffer, query = 'resource=Member', headers: Record<string, string> = staff) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/app/Feed/Imports?${query}`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
  const read = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/app/Feed/Imports/${id}`, headers: staff })).json().results[0];
  const applied = async (id: number) => {
    for (;;) {
      const i = await read(id);
      if (i.status !== 'applying') return i;
      await new Promise((r) => setImmediate(r));
    }
  };
  const keyed = () =>
    ctx.db.query<{ member_key: string; last_name: string; member_status: string }>(
      'SELECT member_key, last_name, member_status FROM members WHERE member_key IS NOT NULL ORDER BY member_key',
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
    const offices = await upload(
      csv([
        ['OfficeKey', 'OfficeMlsId', 'OfficeName', 'OfficeAOR', 'OfficeCity'],
        ['CO1', 'CSVO1', 'Harbor Realty', 'CSVAOR', 'Riverside'],
        ['CO2', 'CSVO2', 'Summit Homes', 'CSVAOR', 'Corona'],
      ]),
      'resource=Office',
    );
    expect(offices.statusCode).toBe(200);
    const preview = offices.json().results[0];
    expect(preview.counts).toEqual({ created: 2, updated: 0, unchanged: 0, deactivated: 0, rejected: 0 });
    await ctx.app.inject({ method: 'POST', url: `/api/app/Feed/Imports/${preview.id}/Apply`, headers: staff });
    expect(await applied(preview.id)).toMatchObject({ status: 'applied' });
    const first = (await upload(csv([MEMBER_HEADERS, member('K1'), member('K3'), member('K4'), member('K5')]))).json().results[0];
    await ctx.app.inject({ method: 'POST', url: `/api/app/Feed/Imports/${first.id}/Apply`, headers: staff });
    expect(await applied(first.id)).toMatchObject({ status: 'applied', counts: { created: 4 } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses association staff (level 4) and agents on every call', async () => {
    const agent = await ctx.as((await ctx.factories.buildMember()).accountId);
    const association = await ctx.as((await ctx.factories.buildMember({ type: 'Association Staff' })).accountId);
    const good = csv([MEMBER_HEADERS, member('K9')]);
    for (const headers of [agent, association]) {
      expect((await upload(good, 'resource=Member', headers)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/app/Feed/Imports', headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/app/Feed/Imports/1', headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/app/Feed/Imports/1/Apply', headers })).statusCode).toBe(403);
    }
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/app/Feed/Imports', '/api/app/Feed/Imports/{id}', '/api/app/Feed/Imports/{id}/Apply']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('answers bad files with a 400 that says what is wrong', async () => {
    const message = async (body: string | Buffer, query?: string) => {
      const res = await upload(body, query);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await message(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toMatch(/not a CSV file/);
    expect(await message('{"MemberKey": "K1"}')).toMatch(/not valid CSV/);
    expect(
      await message(
        csv([
          [...MEMBER_HEADERS, 'FavoriteColor'],
          [...member('K9'), 'blue'],
        ]),
      ),
    ).toMatch(/not RESO names Portico reads: FavoriteColor/);
    expect(await message(csv([MEMBER_HEADERS.filter((h) => h !== 'MemberLastName'), ['K9']]))).toMatch(/missing: MemberLastName/);
    expect(await message(csv([MEMBER_HEADERS]))).toMatch(/no data rows/);
    expect(await message(`${MEMBER_HEADERS.join(',')}\nK9,"unterminated\n`)).toMatch(/not valid CSV/);
    expect(await message(csv([MEMBER_HEADERS, member('K9')]), 'resource=Property')).toBeTruthy();
    expect(await message(Buffer.alloc(FEED_IMPORT_MAX_BYTES + 10, 'a'))).toMatch(/too large/);
  });

  it('previews created, changed, deactivated, unchanged and rejected rows (with reasons) and changes nothing', async () => {
    const before = await keyed();
    const res = await upload(
      csv([
        MEMBER_HEADERS,
        member('K1', { MemberLastName: 'Renamed' }),
        member('K2'),
        member('K3', { MemberStatus: 'Inactive' }),
        member('K4'),
        member('K6', { MemberEmail: 'not-an-email' }),
        member('K7', { MemberType: 'Wizard' }),
        member('K2', { MemberLoginId: 'csv_k2b' }),
        member('K8', { MemberFirstName: '' }),
        member('K10', { MemberLoginId: 'csv_k1' }),
      ]),
      'resource=Member&wholeRoster=true&fileName=roster.csv',
    );
    expect(res.statusCode).toBe(200);
    const preview = res.json().results[0];
    expect(preview).toMatchObject({ status: 'previewed', rows: 9, fileName: 'roster.csv', wholeRoster: true });
    // K5 is missing from a whole-roster file: deactivated with K3.
    expect(preview.counts).toEqual({ created: 1, updated: 1, unchanged: 1, deactivated: 2, rejected: 5 });
    expect(preview.samples.created).toEqual([{ line: 3, key: 'K2', name: 'Casey MemberK2' }]);
    expect(preview.samples.updated).toEqual([{ line: 2, key: 'K1', name: 'Casey Renamed', changes: ['lastName', 'displayName'] }]);
    expect(preview.samples.deactivated.map((r: { key: string }) => r.key)).toEqual(['K3', 'K5']);
    expect(preview.rejected).toEqual([
      { line: 6, key: 'K6', reason: expect.stringMatching(/^MemberEmail: /) },
      { line: 7, key: 'K7', reason: 'No user class for MemberType=Wizard' },
      { line: 8, key: 'K2', reason: 'MemberKey K2 is on line 3 too' },
      { line: 9, key: 'K8', reason: 'MemberFirstName is empty' },
      { line: 10, key: 'K10', reason: 'Login ID csv_k1 is on line 2 too' },
    ]);
    expect(await keyed()).toEqual(before);
  });

  it('applies in one transaction with progress; a failure part-way rolls all of it back', async () => {
    const file = csv([
      MEMBER_HEADERS,
      member('K1', { MemberLastName: 'Again' }),
      member('K11'),
      member('K12'),
      member('K3', { MemberStatus: 'Inactive' }),
    ]);
    const preview = (await upload(file)).json().results[0];
    const before = await keyed();
    const seen: number[] = [];
    const failed = await applyImport(ctx.db, preview.id, {
      batchRows: 1,
      afterBatch: (done) => {
        seen.push(done);
        if (done === 2) throw new Error('the disk is full');
      },
    });
    expect(seen).toEqual([1, 2]);
    expect(failed).toMatchObject({ status: 'failed', error: 'the disk is full' });
    expect(await keyed()).toEqual(before);

    const progress: number[] = [];
    const done = await applyImport(ctx.db, preview.id, { batchRows: 1, afterBatch: (n, total) => void progress.push(n / total) });
    expect(progress).toEqual([0.25, 0.5, 0.75, 1]);
    expect(done).toMatchObject({ status: 'applied', error: null, counts: { created: 2, updated: 1, deactivated: 1 } });
    expect((await keyed()).map((m) => [m.member_key, m.last_name])).toContainEqual(['K1', 'Again']);
    const k3 = await ctx.db.one<{ deactivated_on: Date | null; feed_deactivated: boolean }>(
      "SELECT a.deactivated_on, a.feed_deactivated FROM accounts a JOIN members m ON m.id = a.member_id WHERE m.member_key = 'K3'",
    );
    expect(k3?.deactivated_on).not.toBeNull();
    const again = await ctx.app.inject({ method: 'POST', url: `/api/app/Feed/Imports/${preview.id}/Apply`, headers: staff });
    expect(again.statusCode).toBe(400);
  });

  it('a whole-roster file deactivates the members it lacks; new members get accounts and the Create Password mail', async () => {
    const file = csv([MEMBER_HEADERS, member('K1', { MemberLastName: 'Again' }), member('K20'), member('K21', { OfficeKey: 'CO2' })]);
    const preview = (await upload(file, 'resource=Member&wholeRoster=true')).json().results[0];
    const started = await ctx.app.inject({ method: 'POST', url: `/api/app/Feed/Imports/${preview.id}/Apply`, headers: staff });
    expect(started.statusCode).toBe(200);
    const result = await applied(preview.id);
    expect(result).toMatchObject({ status: 'applied', counts: { created: 2, deactivated: 4 } });
    const status = Object.fromEntries((await keyed()).map((m) => [m.member_key, m.member_status]));
    expect(status).toMatchObject({ K1: 'Active', K20: 'Active', K4: 'Missing', K5: 'Missing', K11: 'Missing', K12: 'Missing' });
    const mail = await ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = 'k20@csv.example'");
    expect(mail?.n).toBe(1);
    const office = await ctx.db.one<{ name: string }>(
      "SELECT o.name FROM members m JOIN offices o ON o.id = m.office_id WHERE m.member_key = 'K20'",
    );
    expect(office?.name).toBe('Harbor Realty');
  });

  it('shows an apply’s progress from the import on any instance, and takes again an apply whose instance stopped', async () => {
    const preview = (await upload(csv([MEMBER_HEADERS, member('K90')]))).json().results[0];
    const apply = () => ctx.app.inject({ method: 'POST', url: `/api/app/Feed/Imports/${preview.id}/Apply`, headers: staff });
    // Another instance took it, wrote 1 of 4 and stopped (its transaction rolled back with it) two minutes ago.
    await ctx.db.query(
      `UPDATE feed_imports SET status = 'applying', progress_done = 1, progress_total = 4, progress_on = now() - interval '2 minutes'
        WHERE id = $1`,
      [preview.id],
    );
    expect(await read(preview.id)).toMatchObject({ status: 'applying', progress: { done: 1, total: 4 } });
    expect((await apply()).statusCode).toBe(400);
    // Ten minutes without a heartbeat: it stopped; staff apply it again.
    await ctx.db.query("UPDATE feed_imports SET progress_on = now() - interval '11 minutes' WHERE id = $1", [preview.id]);
    expect((await apply()).statusCode).toBe(200);
    expect(await applied(preview.id)).toMatchObject({ status: 'applied', counts: { created: 1 } });
  });
});
