import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  DEFAULT_MLS_TIME_ZONE,
  EVIDENCE,
  INPUT_MESSAGES,
  OFF_MLS_MESSAGES as O,
  REPORT_MESSAGES,
  todayIso,
} from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { buildListing } from '../../../test/registered-factories';

/** Issue 29 section 3, decision 1093: 'Listing marketed but not in the MLS', with its evidence, added to the listing's case. */
describe('reporting a listing marketed but not in the MLS', () => {
  let ctx: TestContext;
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-evidence-'));
  const PDF = Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
    Buffer.alloc(64, 32),
  ]);
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
  let reasonId: number;
  let reporter: BuiltMember;
  let listAgent: BuiltMember;
  let staff: BuiltMember;
  let otherStaff: BuiltMember;
  let outsider: BuiltMember;
  let aorId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { DATA_DIR: dataDir, MEDIA_STORAGE: 'disk' } });
    const f = ctx.factories;
    const aor = await f.buildAssociation();
    const otherAor = await f.buildAssociation();
    aorId = aor.id;
    const office = await f.buildOffice({ aorId: aor.id });
    const otherOffice = await f.buildOffice({ aorId: otherAor.id });
    listAgent = await f.buildMember({ office });
    staff = await f.buildMember({ office, isCrmlsAorAdmin: true });
    reporter = await f.buildMember({ office: otherOffice });
    otherStaff = await f.buildMember({ office: otherOffice, isCrmlsAorAdmin: true });
    outsider = await f.buildMember({ office: otherOffice });
    reasonId = (await ctx.db.one<{ id: number }>("SELECT id FROM report_reasons WHERE kind = 'off-mls'"))!.id;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const today = () => todayIso(DEFAULT_MLS_TIME_ZONE);
  const facts = (overrides: Record<string, unknown> = {}) => ({
    reportReasonId: reasonId,
    streetNumber: '4812',
    streetName: 'Clearwater Lane',
    city: 'Huntington Beach',
    postalCode: '92648',
    seenOn: addDays(today(), -2),
    seenWhere: 'Yard sign',
    text: 'A For Sale sign with the office’s name, and an open house flyer.',
    ...overrides,
  });

  /** A multipart body: the report's JSON, then the files. */
  function multipart(report: unknown, files: Array<{ name: string; content: Buffer; field?: string }>) {
    const boundary = `----evidence${Date.now()}`;
    const chunks: Buffer[] = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="report"\r\n\r\n${JSON.stringify(report)}\r\n`),
    ];
    for (const file of files) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? EVIDENCE.field}"; filename="${file.name}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        file.content,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const report = async (who: BuiltMember, body: unknown, files: Array<{ name: string; content: Buffer; field?: string }> = []) => {
    const m = multipart(body, files);
    return ctx.app.inject({
      method: 'POST',
      url: '/Reports/CreateOffMlsReport',
      headers: { ...(await ctx.as(who.accountId)), ...m.headers },
      payload: m.payload,
    });
  };
  const download = async (who: BuiltMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: await ctx.as(who.accountId) });
  const caseFields = async (id: number) =>
    (await ctx.db.one<{ fields: Record<string, unknown> }>('SELECT fields FROM work_items WHERE id = $1', [id]))!.fields;
  const counts = async () =>
    (await ctx.db.one<{ reports: number; evidence: number; cases: number }>(
      `SELECT (SELECT count(*)::int FROM reports) AS reports, (SELECT count(*)::int FROM report_evidence) AS evidence,
              (SELECT count(*)::int FROM work_items) AS cases`,
    ))!;
  const evidenceFolders = () => (existsSync(join(dataDir, 'files', 'evidence')) ? readdirSync(join(dataDir, 'files', 'evidence')) : []);
  const folderFiles = () => evidenceFolders().flatMap((d) => readdirSync(join(dataDir, 'files', 'evidence', d)));

  it('opens a case for the association of the registered listing at that address, with the evidence its staff can open', async () => {
    const listing = await buildListing(ctx.db, listAgent, { unparsedAddress: '4812 Clearwater Ln, Huntington Beach, CA 92648' });
    const res = await report(reporter, facts(), [
      { name: 'sign photo.png', content: PNG },
      { name: '../flyer.pdf', content: PDF },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(`${REPORT_MESSAGES.successTitle} / ${REPORT_MESSAGES.successText}`);
    const created = res.json().results[0];
    const item = await ctx.db.one<{ aor_id: number; contact_member_id: number; title: string }>(
      'SELECT aor_id, contact_member_id, title FROM work_items WHERE id = $1',
      [created.workItemId],
    );
    expect(item).toEqual({
      aor_id: aorId,
      contact_member_id: reporter.memberId,
      title: 'Listing marketed but not in the MLS: 4812 Clearwater Lane, Huntington Beach',
    });
    const fields = await caseFields(created.workItemId);
    expect(fields).toMatchObject({
      ListingId: listing.listingId,
      SeenWhere: 'Yard sign',
      Address: '4812 Clearwater Lane, Huntington Beach 92648',
    });
    const evidence = fields.Evidence as Array<{ name: string; url: string }>;
    expect(evidence.map((e) => e.name)).toEqual(['sign photo.png', 'flyer.pdf']);

    // The case's form lists the files; its staff, and the reporter, open them; anyone else gets 404.
    const form = await download(staff, `/api/app/FormDefinition/ByWorkItem/${created.workItemId}/expanded/view`);
    const shown = form.json().results[0].categories.flatMap((c: { fields: Array<{ key: string; files?: unknown }> }) => c.fields);
    expect(shown.find((f: { key: string }) => f.key === 'Evidence')).toMatchObject({
      displayValue: 'sign photo.png, flyer.pdf',
      files: evidence,
    });
    const opened = await download(staff, evidence[1]!.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.equals(PDF)).toBe(true);
    expect((await download(reporter, evidence[0]!.url)).statusCode).toBe(200);
    for (const who of [outsider, otherStaff, listAgent]) expect((await download(who, evidence[0]!.url)).statusCode).toBe(404);
  });

  it('adds the report to the listing’s open Clear Cooperation case, naming no reporter, with its evidence', async () => {
    const listing = await buildListing(ctx.db, listAgent, { unparsedAddress: '77 Harbor View Dr #3, Huntington Beach, CA 92648' });
    const cc = await ctx.db.one<{ id: number }>(
      `INSERT INTO work_items (work_item_definition_id, title, contact_member_id, aor_id, fields, created_by)
       VALUES (1080, 'Clear Cooperation', $1, $2, '{"ListingId":"x"}'::jsonb, 'clear-cooperation-watch') RETURNING id`,
      [listAgent.memberId, aorId],
    );
    await ctx.db.query('UPDATE registered_listings SET mls_case_id = $2 WHERE id = $1', [listing.id, cc!.id]);
    const before = await counts();
    const res = await report(
      reporter,
      facts({ streetNumber: '77', streetName: 'Harbor View Drive', unit: 'Unit 3', seenWhere: 'Social media' }),
      [{ name: 'post.png', content: PNG }],
    );
    expect(res.statusCode).toBe(201);
    const after = await counts();
    // One case more: the reporter's own, which they follow (decision 1125); the Clear Cooperation case gets a line.
    expect(after).toEqual({ reports: before.reports + 1, evidence: before.evidence + 1, cases: before.cases + 1 });
    const fields = await caseFields(cc!.id);
    expect(fields.Reports).toContain('a member reported it marketed (Social media, first seen');
    expect(String(fields.Reports)).not.toContain(reporter.loginId);
    const [file] = fields.Evidence as Array<{ url: string }>;
    // The case's contact (the listing's agent) and its staff see the case, so they open its evidence too.
    expect((await download(listAgent, file!.url)).statusCode).toBe(200);
    expect((await download(staff, file!.url)).statusCode).toBe(200);
    expect((await download(outsider, file!.url)).statusCode).toBe(404);

    // The reporter's case: theirs to read under Member Insights, naming the Clear Cooperation case, with the evidence.
    const own = res.json().results[0];
    expect(own.workItemId).not.toBe(cc!.id);
    const ccCode = (await ctx.db.one<{ code: string }>('SELECT item_short_code AS code FROM work_items WHERE id = $1', [cc!.id]))!.code;
    const ownFields = await caseFields(own.workItemId);
    expect(ownFields).toMatchObject({ ClearCooperationCase: ccCode, SeenWhere: 'Social media', ContactName: reporter.loginId });
    expect(ownFields.Evidence).toEqual([file]);
    const view = await download(reporter, `/api/app/FormDefinition/ByWorkItem/${own.workItemId}/expanded/view`);
    expect(view.statusCode).toBe(200);
    const shown = view.json().results[0].categories.flatMap((c: { fields: Array<{ key: string }> }) => c.fields);
    expect(shown.find((f: { key: string }) => f.key === 'ClearCooperationCase')).toMatchObject({ displayValue: ccCode });
    expect((await download(reporter, file!.url)).statusCode).toBe(200);
    // The listing's agent does not see who reported: the reporter's case is not theirs.
    expect((await download(listAgent, `/api/app/FormDefinition/ByWorkItem/${own.workItemId}/expanded/view`)).statusCode).toBe(404);
    // A second report adds a line; the first stays.
    await report(reporter, facts({ streetNumber: '77', streetName: 'Harbor View Dr', unit: '3', seenWhere: 'Website' }));
    expect(String((await caseFields(cc!.id)).Reports).split('\n')).toHaveLength(2);
  });

  it('answers bad input with field errors and keeps neither a row nor a file', async () => {
    const before = await counts();
    const filesBefore = folderFiles().length;
    const fieldsOf = (res: { json: () => { errors?: Array<{ field: string; message: string }> } }) =>
      Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.message]));

    const empty = await report(reporter, { reportReasonId: reasonId });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toMatchObject({
      streetNumber: O.streetNumberRequired,
      streetName: O.streetNameRequired,
      city: O.cityRequired,
      postalCode: O.postalCodeRequired,
      seenOn: O.seenOnRequired,
      seenWhere: O.seenWhereRequired,
      text: REPORT_MESSAGES.descriptionRequired,
    });
    expect(fieldsOf(await report(reporter, facts({ seenOn: addDays(today(), 1) })))).toEqual({ seenOn: O.seenOnFuture });
    expect(fieldsOf(await report(reporter, facts({ seenOn: '2026-02-30' })))).toEqual({ seenOn: O.seenOnRequired });
    expect(fieldsOf(await report(reporter, facts({ streetName: 'Main\u0000St' })))).toEqual({
      streetName: INPUT_MESSAGES.unsafeText,
    });
    const standard = (await ctx.db.one<{ id: number }>("SELECT id FROM report_reasons WHERE kind = 'standard' LIMIT 1"))?.id;
    if (standard)
      expect(fieldsOf(await report(reporter, facts({ reportReasonId: standard })))).toEqual({ reportReasonId: O.reasonNotOffMls });

    // A file that is not an image or a PDF, after a good one: neither is kept.
    const wrong = await report(reporter, facts(), [
      { name: 'ok.png', content: PNG },
      { name: 'page.png', content: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual({ evidence: O.evidenceWrongType });
    const many = await report(
      reporter,
      facts(),
      Array.from({ length: EVIDENCE.maxFiles + 1 }, (_, i) => ({ name: `p${i}.png`, content: PNG })),
    );
    expect(fieldsOf(many)).toEqual({ evidence: O.evidenceTooMany });
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/Reports/CreateOffMlsReport',
      headers: await ctx.as(reporter.accountId),
      payload: facts(),
    });
    expect(notJson.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(folderFiles()).toHaveLength(filesBefore);
  });
});
