import { FORM_FIELD_TYPES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { insertWorkItem } from './index';

describe('cases (member insights) API', () => {
  let ctx: TestContext;
  let w: Awaited<ReturnType<typeof world>>;

  async function world() {
    const aor = await ctx.factories.buildAssociation();
    const main = await ctx.factories.buildOffice({ aorId: aor.id });
    const branch = await ctx.factories.buildOffice({ aorId: aor.id, mainOfficeCode: main.code });
    const otherOffice = await ctx.factories.buildOffice({ aorId: aor.id });
    const agent = await ctx.factories.buildMember({ office: branch });
    const colleague = await ctx.factories.buildMember({ office: otherOffice });
    const broker = await ctx.factories.buildMember({ office: main, type: 'Broker' });
    const staff = await ctx.factories.buildMember({ office: main, isCrmlsAorAdmin: true });
    const mls = await ctx.factories.buildMember({ isCrmlsAdmin: true });
    const stranger = await ctx.factories.buildMember();
    const make = (m: { memberId: number; loginId: string }, title: string, definitionId = 1, fields: Record<string, unknown> = {}) =>
      ctx.db.tx((q) =>
        insertWorkItem(q, {
          definitionId,
          title,
          contactMemberId: m.memberId,
          fields,
          createdByMemberId: m.memberId,
          createdBy: m.loginId,
        }),
      );
    const agentCase = await make(agent, 'Agent printer trouble');
    const colleagueCase = await make(colleague, 'Colleague question');
    const strangerCase = await make(stranger, 'Stranger elsewhere');
    return { aor, agent, colleague, broker, staff, mls, stranger, agentCase, colleagueCase, strangerCase, make };
  }

  const list = async (accountId: number, body: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/app/WorkItem/q?expandFieldTypes=ContactLookupFieldType',
      headers: await ctx.as(accountId),
      payload: { pageId: 1, pageSize: 10, ...body },
    });
  const ids = (res: { json: () => { results: Array<{ id: number }> } }) => res.json().results.map((r) => r.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await world();
  });
  afterAll(() => ctx.close());

  it('scopes the list: contact, broker office, association staff, MLS staff', async () => {
    expect(ids(await list(w.agent.accountId))).toEqual([w.agentCase.id]);
    expect(ids(await list(w.broker.accountId))).toEqual([w.agentCase.id]);
    expect(ids(await list(w.staff.accountId)).sort()).toEqual([w.agentCase.id, w.colleagueCase.id].sort());
    expect(ids(await list(w.mls.accountId))).toEqual(expect.arrayContaining([w.agentCase.id, w.colleagueCase.id, w.strangerCase.id]));
    expect(ids(await list(w.stranger.accountId))).toEqual([w.strangerCase.id]);
    const first = (await list(w.agent.accountId)).json().results[0];
    expect(first).toMatchObject({
      title: 'Agent printer trouble',
      status: 'New',
      createdBy: w.agent.loginId,
      expandedFields: { ContactName: { expandedValue: { loginId: w.agent.loginId } } },
    });
  });

  it('searches by case number, title and contact login id; pages and filters through the query engine', async () => {
    const byTitle = await list(w.staff.accountId, { searchText: 'printer' });
    expect(ids(byTitle)).toEqual([w.agentCase.id]);
    expect(ids(await list(w.staff.accountId, { searchText: w.agentCase.item_short_code }))).toEqual([w.agentCase.id]);
    expect(ids(await list(w.staff.accountId, { searchText: w.colleague.loginId }))).toEqual([w.colleagueCase.id]);
    const since = await list(w.staff.accountId, {
      criteria: [{ field: 'createdOn', op: 'GreaterThanOrEqual', values: ['2024-07-16'] }],
      pageSize: 1,
    });
    expect(since.json()).toMatchObject({ totalResults: 2, totalPages: 2 });
    const bad = await list(w.staff.accountId, { criteria: [{ field: 'contact_member_id', op: 'Equal', values: [1] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('criteria.0.field');
    expect((await list(w.staff.accountId, { pageSize: 'ten' })).statusCode).toBe(400);
  });

  it('shows a case form with every field type, and 404 outside the scope', async () => {
    await ctx.db.query("INSERT INTO work_item_definitions (id, name) VALUES (900, 'Every type')");
    for (const [i, type] of FORM_FIELD_TYPES.entries()) {
      await ctx.db.query(
        `INSERT INTO work_item_form_fields (work_item_definition_id, category, category_order, field_key, label, field_type, view_order)
         VALUES (900, $1, $2, $3, $4, $5, $6)`,
        [i < 7 ? 'Basics' : 'More', i < 7 ? 1 : 2, `F${type}`, `${type} field`, type, i],
      );
    }
    const values = {
      FText: 'Plain',
      FTime: '14:30',
      FPhone: '(714) 555-0100',
      FInteger: 1234,
      FFloat: 2.5,
      FCurrency: 1250000.4,
      FDate: '2024-07-16',
      FTextArea: 'Line one\nLine two',
      FAttachment: '/files/inspection%20report.pdf',
      FRichText: '<p>Rich <strong>text</strong></p>',
      FBoolean: true,
      FEmail: 'a@example.test',
      FDateTime: '2024-07-16T15:05:00.000Z',
    };
    const item = await w.make(w.agent, 'Every type case', 900, values);
    const view = async (accountId: number, id = item.id) =>
      ctx.app.inject({ url: `/api/app/FormDefinition/ByWorkItem/${id}/expanded/view`, headers: await ctx.as(accountId) });
    const res = await view(w.agent.accountId);
    expect(res.statusCode).toBe(200);
    const form = res.json().results[0];
    expect(form.categories.map((c: { name: string }) => c.name)).toEqual(['Basics', 'More']);
    const shown = Object.fromEntries(
      form.categories.flatMap((c: { fields: Array<{ fieldType: string; displayValue: string }> }) =>
        c.fields.map((f) => [f.fieldType, f.displayValue]),
      ),
    );
    expect(shown).toEqual({
      Text: 'Plain',
      Time: '02:30 PM',
      Phone: '(714) 555-0100',
      Integer: '1,234',
      Float: '2.5',
      Currency: '$1,250,000',
      Date: '07/16/2024',
      TextArea: 'Line one\nLine two',
      Attachment: 'inspection report.pdf',
      RichText: 'Rich text',
      Boolean: 'Yes',
      Email: 'a@example.test',
      DateTime: '07/16/2024 03:05 PM UTC',
    });
    expect(form.canAnswer).toBe(false);
    expect((await view(w.staff.accountId)).json().results[0].canAnswer).toBe(true);
    expect((await view(w.stranger.accountId)).statusCode).toBe(404);
    expect((await view(w.colleague.accountId)).statusCode).toBe(404);
    expect((await view(w.agent.accountId, 999999)).statusCode).toBe(404);
  });

  it('lets only staff who work a case change its status', async () => {
    const item = await w.make(w.agent, 'Status case');
    const put = async (accountId: number, status: unknown) =>
      ctx.app.inject({ method: 'PUT', url: `/api/app/WorkItem/${item.id}/Status`, headers: await ctx.as(accountId), payload: { status } });
    expect((await put(w.agent.accountId, 'Resolved')).statusCode).toBe(403);
    expect((await put(w.broker.accountId, 'Resolved')).statusCode).toBe(403);
    expect((await put(w.stranger.accountId, 'Resolved')).statusCode).toBe(404);
    const bad = await put(w.staff.accountId, 'Done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('status');
    const ok = await put(w.staff.accountId, 'Resolved');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results[0].status).toBe('Resolved');
    expect((await ctx.db.one<{ status: string }>('SELECT status FROM work_items WHERE id = $1', [item.id]))!.status).toBe('Resolved');
  });
});
