import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISCLOSURE, EXEMPTION_MESSAGES as E, instantOfWallClock } from '@portico/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { giveMlsId, listingPayload } from '../../../test/registered-factories';

/** Issue 29 section 2 (decision 1050): the exemption a listing is registered under, and its seller disclosure. */
describe('registered listings: exemption and seller disclosure', () => {
  let ctx: TestContext;
  let agent: BuiltMember;
  let broker: BuiltMember;
  let otherAgent: BuiltMember;
  let aorStaff: BuiltMember;
  let mlsStaff: BuiltMember;
  let agentMlsId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-disclosure-'));
  /** What the disk storage holds for a listing (decision 0976's disk adapter under DATA_DIR/files). */
  const storedFiles = (id: number) => {
    const folder = join(dataDir, 'files', 'disclosures', String(id));
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const LA = 'America/Los_Angeles';
  // Wednesday 25 November 2026, 10:00 in Los Angeles: the day before Thanksgiving.
  const WEDNESDAY = instantOfWallClock('2026-11-25T10:00', LA);
  const policy = {
    exemptionKinds: ['office-exclusive'],
    delayedMarketingDays: 0,
    disclosureDeadlineDays: 3,
    marketingGraceDays: 1,
    holidayState: null,
  };
  const PDF = Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
    Buffer.alloc(64, 32),
  ]);
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: LA, DATA_DIR: dataDir, MEDIA_STORAGE: 'disk' } });
    const f = ctx.factories;
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id, code: 'DX100' });
    const elsewhere = await f.buildOffice({ aorId: aor.id, code: 'DX200' });
    agent = await f.buildMember({ type: 'Agent', office });
    broker = await f.buildMember({ type: 'Broker', office });
    otherAgent = await f.buildMember({ type: 'Agent', office: elsewhere });
    aorStaff = await f.buildMember({ type: 'Association Staff', office: elsewhere });
    mlsStaff = await f.buildMember({ type: 'MLS Staff' });
    agentMlsId = await giveMlsId(ctx.db, agent);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await ctx.db.query('DELETE FROM compliance_calendar_days');
    await call(mlsStaff, 'PUT', '/api/app/Compliance/Policy', policy);
  });

  const call = async (m: BuiltMember, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: await ctx.as(m.accountId), ...(payload === undefined ? {} : { payload: payload as object }) });
  const register = async (overrides: Record<string, unknown> = {}) =>
    call(agent, 'POST', '/api/app/Registration', listingPayload(agentMlsId, overrides));
  const fieldsOf = (res: { json: () => { errors?: Array<{ field: string; message: string }> } }) =>
    Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.message]));

  function multipart(name: string, content: Buffer, field: string = DISCLOSURE.field) {
    const boundary = `----disclosure${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = async (who: BuiltMember, id: number, name: string, content: Buffer, field?: string) => {
    const body = multipart(name, content, field);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/app/Registration/${id}/Disclosure`,
      headers: { ...(await ctx.as(who.accountId)), ...body.headers },
      payload: body.payload,
    });
  };
  const download = async (who: BuiltMember, id: number) =>
    ctx.app.inject({ method: 'GET', url: `/api/app/Registration/${id}/Disclosure`, headers: await ctx.as(who.accountId) });

  it('every member reads the exemptions the MLS accepts; a listing without a kind is office exclusive', async () => {
    const rules = await call(otherAgent, 'GET', '/api/app/Compliance/Exemptions');
    expect(rules.statusCode).toBe(200);
    expect(rules.json().results[0]).toEqual({ exemptionKinds: ['office-exclusive'], delayedMarketingDays: 0, disclosureDeadlineDays: 3 });
    const res = await register();
    expect(res.statusCode).toBe(201);
    expect(res.json().results[0]).toMatchObject({ exemptionKind: 'office-exclusive', mlsDueDate: null, disclosure: null });
  });

  it('refuses a kind the MLS does not accept, or an unknown one, with a field error and nothing written', async () => {
    const before = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM registered_listings');
    const refused = await register({ exemptionKind: 'delayed-marketing' });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).exemptionKind).toBe(E.notAccepted('delayed-marketing'));
    const unknown = await register({ exemptionKind: 'pocket' as never });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown).exemptionKind).toBe(E.unknownKind);
    await call(mlsStaff, 'PUT', '/api/app/Compliance/Policy', { ...policy, exemptionKinds: [] });
    const none = await register();
    expect(fieldsOf(none).exemptionKind).toBe(E.noneAccepted);
    expect((await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM registered_listings'))?.n).toBe(before?.n);
  });

  it('delayed marketing: the day it must be in the MLS by, moved off a weekend to the next business day', async () => {
    await call(mlsStaff, 'PUT', '/api/app/Compliance/Policy', {
      ...policy,
      exemptionKinds: ['office-exclusive', 'delayed-marketing'],
      delayedMarketingDays: 10,
    });
    vi.useFakeTimers({ toFake: ['Date'], now: WEDNESDAY });
    // 25 November + 10 days is Saturday 5 December: due Monday 7 December.
    const res = await register({ exemptionKind: 'delayed-marketing', listingContractDate: '2026-11-25', startShowingDate: '2026-12-07' });
    expect(res.statusCode).toBe(201);
    expect(res.json().results[0]).toMatchObject({ exemptionKind: 'delayed-marketing', mlsDueDate: '2026-12-07' });
    // The policy turning delayed marketing off later does not refuse the listing's own kind on an edit.
    await call(mlsStaff, 'PUT', '/api/app/Compliance/Policy', policy);
    const saved = res.json().results[0];
    const edit = await call(agent, 'PUT', `/api/app/Registration/${saved.id}`, {
      ...listingPayload(agentMlsId, { exemptionKind: 'delayed-marketing', listingContractDate: '2026-11-25' }),
      startShowingDate: '2026-12-07',
      version: saved.version,
    });
    expect(edit.statusCode).toBe(200);
  });

  it('counts the disclosure deadline in business days: Thanksgiving and a closure move it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: WEDNESDAY });
    // Wednesday + 3 business days, Thanksgiving closed: Friday, Monday, Tuesday 1 December (ends at midnight there).
    const plain = (await register()).json().results[0];
    expect(plain.disclosureDueAt).toBe(instantOfWallClock('2026-12-02T00:00', LA).toISOString());
    const closure = await call(mlsStaff, 'POST', '/api/app/Compliance/CalendarDays', {
      date: '2026-11-27',
      name: 'Day after Thanksgiving',
    });
    expect(closure.statusCode).toBe(200);
    const moved = (await register()).json().results[0];
    expect(moved.disclosureDueAt).toBe(instantOfWallClock('2026-12-03T00:00', LA).toISOString());
  });

  it('shows Disclosure missing once the deadline passes without one, until one is filed', async () => {
    const listing = (await register()).json().results[0];
    expect(listing.disclosureMissing).toBe(false);
    await ctx.db.query("UPDATE registered_listings SET disclosure_due_at = now() - interval '1 minute' WHERE id = $1", [listing.id]);
    const row = async () =>
      (await call(agent, 'POST', '/api/app/Registration/search/', { pageSize: 100 }))
        .json()
        .results.find((r: { id: number }) => r.id === listing.id);
    expect((await row()).disclosureMissing).toBe(true);
    expect((await call(agent, 'GET', `/api/app/Registration/${listing.id}`)).json().results[0].disclosureMissing).toBe(true);
    expect((await upload(agent, listing.id, 'signed.pdf', PDF)).statusCode).toBe(201);
    expect((await row()).disclosureMissing).toBe(false);
    // A cancelled agreement keeps nothing off the MLS any more: no disclosure is missing.
    const cancelled = (await register()).json().results[0];
    await ctx.db.query("UPDATE registered_listings SET disclosure_due_at = now() - interval '1 minute' WHERE id = $1", [cancelled.id]);
    expect((await call(agent, 'GET', `/api/app/Registration/${cancelled.id}`)).json().results[0].disclosureMissing).toBe(true);
    const cancel = await call(agent, 'PUT', `/api/app/Registration/status/${cancelled.id}`, {
      standardStatus: 'C',
      cancellationDate: cancelled.listingContractDate,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().results[0].disclosureMissing).toBe(false);
  });

  it('files a PDF or an image by its content, and those who may see the listing download it', async () => {
    const listing = (await register()).json().results[0];
    const filed = await upload(agent, listing.id, 'Seller disclosure (signed).PDF', PDF);
    expect(filed.statusCode).toBe(201);
    expect(filed.json().results[0].disclosure).toMatchObject({
      fileName: 'Seller disclosure (signed).pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(storedFiles(listing.id)).toHaveLength(1);
    for (const who of [mlsStaff, aorStaff, broker, agent]) {
      const res = await download(who, listing.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Seller disclosure (signed).pdf"');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    // A photo of the signed page named .pdf is kept as the image it is; the latest filing counts.
    const photo = await upload(agent, listing.id, 'scan.pdf', PNG);
    expect(photo.json().results[0].disclosure).toMatchObject({ fileName: 'scan.png', contentType: 'image/png' });
    expect((await download(mlsStaff, listing.id)).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a file that is not a PDF or an image whatever its name, and one over 10 MB, keeping nothing', async () => {
    const listing = (await register()).json().results[0];
    const count = async () =>
      (
        await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM registered_disclosures WHERE registered_listing_id = $1', [
          listing.id,
        ])
      )?.n;
    const script = await upload(agent, listing.id, 'disclosure.pdf', Buffer.from('#!/bin/sh\necho not a pdf\n'));
    expect(script.statusCode).toBe(400);
    expect(fieldsOf(script)).toEqual({ disclosure: E.disclosureWrongType });
    const zip = await upload(agent, listing.id, 'disclosure.png', Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(200)]));
    expect(fieldsOf(zip)).toEqual({ disclosure: E.disclosureWrongType });
    const empty = await upload(agent, listing.id, 'disclosure.pdf', Buffer.alloc(0));
    expect(fieldsOf(empty)).toEqual({ disclosure: E.disclosureWrongType });
    const large = await upload(agent, listing.id, 'disclosure.pdf', Buffer.concat([PDF, Buffer.alloc(DISCLOSURE.maxBytes)]));
    expect(large.statusCode).toBe(413);
    expect(fieldsOf(large)).toEqual({ disclosure: E.disclosureTooLarge });
    const wrongField = await upload(agent, listing.id, 'disclosure.pdf', PDF, 'file');
    expect(fieldsOf(wrongField)).toEqual({ disclosure: E.disclosureRequired });
    expect(await count()).toBe(0);
    expect(storedFiles(listing.id)).toEqual([]);
    expect((await download(agent, listing.id)).statusCode).toBe(404);
  });

  it('keeps the disclosure from members outside the listing’s visibility', async () => {
    const listing = (await register()).json().results[0];
    expect((await upload(agent, listing.id, 'signed.pdf', PDF)).statusCode).toBe(201);
    const denied = await download(otherAgent, listing.id);
    expect(denied.statusCode).toBe(404);
    expect(denied.rawPayload.includes(PDF.subarray(0, 8))).toBe(false);
    expect((await upload(otherAgent, listing.id, 'mine.pdf', PDF)).statusCode).toBe(404);
    const noToken = await ctx.app.inject({ method: 'GET', url: `/api/app/Registration/${listing.id}/Disclosure` });
    expect(noToken.statusCode).toBe(401);
  });
});
