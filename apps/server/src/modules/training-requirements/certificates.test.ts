import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, type CertificateSubmissionInput, TRAINING_IMPORT_MESSAGES as M, todayIn } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';

const ZONE = 'America/Los_Angeles';
const URL = '/api/app/TrainingCertificates';

/** Outside certificates a member submits and staff approve or reject (issue 31 section 2, decision 1150). */
describe('outside training certificates', () => {
  let ctx: TestContext;
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-certificates-'));
  const PDF = Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
    Buffer.alloc(64, 32),
  ]);
  let mls: BuiltMember;
  let association: BuiltMember;
  let otherStaff: BuiltMember;
  let agent: BuiltMember;
  let colleague: BuiltMember;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: ZONE, DATA_DIR: dataDir, MEDIA_STORAGE: 'disk' } });
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    association = await ctx.factories.buildMember({ type: 'Association Staff' });
    otherStaff = await ctx.factories.buildMember({ type: 'Association Staff' });
    const office = await ctx.factories.buildOffice({ aorId: association.aorId });
    agent = await ctx.factories.buildMember({ type: 'Agent', office });
    colleague = await ctx.factories.buildMember({ type: 'Agent', office });
    await ctx.db.query(`UPDATE members SET created_on = '2019-03-01' WHERE id = $1`, [agent.memberId]);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/TrainingRequirements',
      headers: await ctx.as(mls.accountId),
      payload: {
        name: 'Fair housing, old cycle',
        hours: 2,
        courseNumbers: ['FH-OLD'],
        period: { kind: 'cycle', start: '2020-01-01', end: '2021-12-31' },
        enforcement: { listingEntry: true, applications: 'none' },
      },
    });
    expect(made.statusCode).toBe(201);
  });
  afterAll(() => ctx.close());

  const submission = (over: Partial<CertificateSubmissionInput> = {}): CertificateSubmissionInput => ({
    courseName: 'Fair Housing Today',
    courseNumber: 'FH-OLD',
    hours: 2,
    completedOn: '2021-05-06',
    ...over,
  });
  async function submit(who: BuiltMember, body: unknown, file?: { name: string; content: Buffer }) {
    const boundary = `----certificate${Date.now()}`;
    const chunks: Buffer[] = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="certificate"\r\n\r\n${JSON.stringify(body)}\r\n`),
    ];
    if (file)
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      );
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...(await ctx.as(who.accountId)), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(chunks),
    });
  }
  const call = async (who: BuiltMember, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: await ctx.as(who.accountId), ...(payload ? { payload } : {}) });
  const openHolds = async (memberId: number) =>
    Number(
      (
        await ctx.db.one<{ n: string }>(
          "SELECT count(*) AS n FROM access_holds WHERE member_id = $1 AND kind = 'training' AND lifted_on IS NULL",
          [memberId],
        )
      )?.n,
    );
  const certificates = async () => Number((await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM training_certificates'))?.n);

  it('refuses a submission without a file, of the wrong type, a future date or bad hours, keeping nothing', async () => {
    expect((await submit(agent, submission())).json().errors).toEqual([{ field: 'file', message: M.certificateFileRequired }]);
    const text = await submit(agent, submission(), { name: 'notes.pdf', content: Buffer.from('just text, not a PDF') });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual([{ field: 'file', message: M.fileWrongType }]);
    const future = await submit(agent, submission({ completedOn: addDays(todayIn(ZONE), 1) }), { name: 'c.pdf', content: PDF });
    expect(future.json().errors).toEqual([{ field: 'completedOn', message: M.futureDate }]);
    const hours = await submit(agent, submission({ hours: 41 }), { name: 'c.pdf', content: PDF });
    expect(hours.json().errors.map((e: { field: string }) => e.field)).toEqual(['hours']);
    expect(await certificates()).toBe(0);
  });

  it('lets staff of the member’s association approve: a completion, the hold lifted at once, the member told; a member cannot', async () => {
    expect(await openHolds(agent.memberId)).toBe(1);
    const sent = await submit(agent, submission(), { name: 'fair housing.pdf', content: PDF });
    expect(sent.statusCode).toBe(201);
    const cert = sent.json().results[0];
    expect(cert).toMatchObject({ status: 'pending', fileName: 'fair housing.pdf', courseNumber: 'FH-OLD', hours: 2 });
    expect((await call(agent, 'GET', `${URL}/Mine`)).json().results.map((c: { id: number }) => c.id)).toEqual([cert.id]);
    // The member's own file; a colleague's look is a 404.
    const file = await call(agent, 'GET', `${URL}/${cert.id}/File`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await call(colleague, 'GET', `${URL}/${cert.id}/File`)).statusCode).toBe(404);
    // Queues: the association's staff and MLS staff see it; another association's staff do not.
    expect((await call(association, 'GET', URL)).json().results.map((c: { id: number }) => c.id)).toEqual([cert.id]);
    expect((await call(mls, 'GET', URL)).json().results.map((c: { id: number }) => c.id)).toContain(cert.id);
    expect((await call(otherStaff, 'GET', URL)).json().results).toEqual([]);
    expect((await call(agent, 'GET', URL)).statusCode).toBe(403);

    expect((await call(agent, 'POST', `${URL}/${cert.id}/Approve`)).statusCode).toBe(403);
    expect((await call(otherStaff, 'POST', `${URL}/${cert.id}/Approve`)).statusCode).toBe(404);
    expect(await openHolds(agent.memberId)).toBe(1);
    const approved = await call(association, 'POST', `${URL}/${cert.id}/Approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().results[0]).toMatchObject({ status: 'approved' });
    expect(await openHolds(agent.memberId)).toBe(0);
    const done = await ctx.db.one<{ n: string }>(
      "SELECT count(*) AS n FROM training_completions WHERE member_id = $1 AND course_number = 'FH-OLD' AND hours = 2",
      [agent.memberId],
    );
    expect(Number(done?.n)).toBe(1);
    const mail = await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM outbox_emails WHERE to_address = $1 AND subject = $2', [
      `${agent.loginId}@example.test`,
      M.approvedSubject('Fair Housing Today'),
    ]);
    expect(Number(mail?.n)).toBe(1);
    const again = await call(mls, 'POST', `${URL}/${cert.id}/Approve`);
    expect(again.statusCode).toBe(409);
  });

  it('rejects with a reason the member reads in a notification and a mail; no reason is a 400', async () => {
    const cert = (await submit(colleague, submission({ courseName: 'Blurry scan' }), { name: 'scan.pdf', content: PDF })).json().results[0];
    const noReason = await call(association, 'POST', `${URL}/${cert.id}/Reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: M.reasonRequired }]);
    const rejected = await call(association, 'POST', `${URL}/${cert.id}/Reject`, { reason: 'The scan cannot be read.' });
    expect(rejected.json().results[0]).toMatchObject({ status: 'rejected', reason: 'The scan cannot be read.' });
    const note = await ctx.db.one<{ body: string }>('SELECT body FROM notifications WHERE member_id = $1 AND subject = $2', [
      colleague.memberId,
      M.rejectedSubject('Blurry scan'),
    ]);
    expect(note?.body).toContain('The scan cannot be read.');
    const mail = await ctx.db.one<{ body_text: string }>('SELECT body_text FROM outbox_emails WHERE to_address = $1 AND subject = $2', [
      `${colleague.loginId}@example.test`,
      M.rejectedSubject('Blurry scan'),
    ]);
    expect(mail?.body_text).toContain('The scan cannot be read.');
    expect((await call(colleague, 'GET', `${URL}/Mine`)).json().results[0]).toMatchObject({ status: 'rejected' });
    expect(
      Number(
        (await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM training_completions WHERE member_id = $1', [colleague.memberId]))?.n,
      ),
    ).toBe(0);
  });
});
