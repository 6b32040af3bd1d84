import { FEED_IMPORT_REASON_HEADER } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

const HEADERS = 'MemberKey,MemberMlsId,MemberLoginId,MemberFirstName,MemberLastName,MemberEmail,MemberType,MemberStatus';
const row = (key: string, type = 'Agent', first = 'Robin') =>
  `${key},MLS${key},rf_${key.toLowerCase()},${first},"Harbor, Jr.",${key.toLowerCase()}@refused.example,${type},Active`;

/** Issue 28 §4: after Apply the refused rows stay, with their reasons, as a CSV to fix and import again; who imported what. */
describe('CSV import: refused rows and the import history', () => {
  let ctx: TestContext;
  let staff: Record<string, string>;

  const upload = async (body: string, fileName = 'roster.csv') =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/app/Feed/Imports?resource=Member&fileName=${fileName}`,
        headers: { ...staff, 'content-type': 'text/csv' },
        payload: body,
      })
    ).json().results[0];
  const read = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/app/Feed/Imports/${id}`, headers: staff })).json().results[0];
  const apply = async (id: number) => {
    expect((await ctx.app.inject({ method: 'POST', url: `/api/app/Feed/Imports/${id}/Apply`, headers: staff })).statusCode).toBe(200);
    for (;;) {
      const i = await read(id);
      if (i.status !== 'applying') return i;
      await new Promise((r) => setImmediate(r));
    }
  };
  const refused = (id: number, headers = staff) => ctx.app.inject({ method: 'GET', url: `/api/app/Feed/Imports/${id}/Refused`, headers });

  beforeAll(async () => {
    ctx = await createTestContext();
    const { accountId, memberId } = await ctx.factories.buildMember({ type: 'MLS Staff' });
    await ctx.db.query("UPDATE members SET display_name = 'Morgan Staffer' WHERE id = $1", [memberId]);
    staff = await ctx.as(accountId);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps the refused rows and their reasons after Apply, as a CSV that imports again once fixed', async () => {
    const preview = await upload([HEADERS, row('RF1'), row('RF2', 'Wizard'), row('RF3'), row('RF4', 'Agent', '')].join('\n'));
    expect(preview).toMatchObject({ counts: { created: 2, rejected: 2 }, refusedFile: true, uploadedBy: 'Morgan Staffer' });

    const done = await apply(preview.id);
    expect(done).toMatchObject({ status: 'applied', counts: { created: 2, rejected: 2 }, refusedFile: true });
    expect(done.rejected.map((r: { line: number }) => r.line)).toEqual([3, 5]);

    const file = await refused(preview.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="roster-refused-${preview.id}.csv"`);
    expect(file.body).toBe(
      [
        `${HEADERS},${FEED_IMPORT_REASON_HEADER}`,
        `${row('RF2', 'Wizard')},No user class for MemberType=Wizard`,
        `${row('RF4', 'Agent', '')},MemberFirstName is empty`,
        '',
      ].join('\r\n'),
    );

    // Fixed in a spreadsheet, the same file (reason column and all) imports: the two rows are written.
    const fixed = file.body.replace(',Wizard,', ',Agent,').replace(',,"Harbor', ',Sam,"Harbor');
    const again = await upload(fixed, 'roster-fixed.csv');
    expect(again).toMatchObject({ counts: { created: 2, rejected: 0 }, refusedFile: false });
    expect(await apply(again.id)).toMatchObject({ status: 'applied', counts: { created: 2 } });
    expect((await refused(again.id)).statusCode).toBe(404);
  });

  it('lists past imports with who uploaded them, when, the file and the counts; only MLS staff read refused rows', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/app/Feed/Imports', headers: staff })).json().results;
    expect(list.slice(0, 2)).toMatchObject([
      { fileName: 'roster-fixed.csv', uploadedBy: 'Morgan Staffer', status: 'applied', counts: { created: 2, rejected: 0 } },
      { fileName: 'roster.csv', uploadedBy: 'Morgan Staffer', status: 'applied', counts: { created: 2, rejected: 2 } },
    ]);
    expect(list[0].appliedOn).toEqual(expect.any(String));
    const association = await ctx.as((await ctx.factories.buildMember({ type: 'Association Staff' })).accountId);
    expect((await refused(list[1].id, association)).statusCode).toBe(403);
    expect((await refused(999_999)).statusCode).toBe(404);
  });
});
