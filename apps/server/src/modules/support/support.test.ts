import { SUPPORT_MESSAGES, SUPPORT_WORK_ITEM_DEFINITION_ID } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

describe('support ticket and live chat API', () => {
  let ctx: TestContext;
  const ticket = (title: string, body: string, extra: Record<string, unknown> = {}) => ({
    workItemDefinitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
    title,
    fields: { CaseOrigin: 'webform', Body: body, ...extra },
  });
  const count = async () => (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM work_items'))!.n;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('creates a ticket for the viewer; the association prefix goes on the title', async () => {
    const member = await ctx.factories.buildMember();
    const headers = await ctx.as(member.accountId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/WorkItem/',
      headers,
      payload: ticket('Cannot log in', 'It fails every time'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SUPPORT_MESSAGES.ticketCreated);
    const created = res.json().results[0];
    expect(created.itemShortCode).toMatch(/^CS-\d{6}$/);
    const row = await ctx.db.one<{ contact_member_id: number; aor_id: number; fields: Record<string, string> }>(
      'SELECT contact_member_id, aor_id, fields FROM work_items WHERE id = $1',
      [created.id],
    );
    expect(row).toMatchObject({ contact_member_id: member.memberId, aor_id: member.aorId });
    expect(row!.fields).toEqual({ CaseOrigin: 'webform', Body: 'It fails every time', ContactName: member.loginId });

    const email = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/WorkItem/',
      headers,
      payload: ticket('Lockbox', 'Lockbox key is stuck', { CaseOrigin: 'association-support-email' }),
    });
    expect(email.json().results[0].title).toBe('Association Support CCD Case: Lockbox');
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const member = await ctx.factories.buildMember();
    const headers = await ctx.as(member.accountId);
    const before = await count();
    const cases: Array<[unknown, string, string]> = [
      [ticket('', 'A fine body'), 'title', SUPPORT_MESSAGES.subjectRequired],
      [ticket('Subject', ''), 'fields.Body', SUPPORT_MESSAGES.descriptionRequired],
      [ticket('Subject', 'abc'), 'fields.Body', SUPPORT_MESSAGES.descriptionLength],
      [ticket('Subject', 'x'.repeat(501)), 'fields.Body', SUPPORT_MESSAGES.descriptionLength],
      [ticket('Subject', 'Hello <b>there</b>'), 'fields.Body', SUPPORT_MESSAGES.noHtml],
      [
        { ...ticket('Subject', 'A fine body'), workItemDefinitionId: 99 },
        'workItemDefinitionId',
        'Only support tickets can be created here',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/app/WorkItem/', headers, payload: payload as object });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect(await count()).toBe(before);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/app/WorkItem/', payload: ticket('S', 'Body text') })).statusCode).toBe(401);
  });

  it('lets association staff file for a member of their association only; a member cannot file for another', async () => {
    const aor = await ctx.factories.buildAssociation();
    const office = await ctx.factories.buildOffice({ aorId: aor.id });
    const agent = await ctx.factories.buildMember({ office });
    const other = await ctx.factories.buildMember({ office });
    const stranger = await ctx.factories.buildMember();
    const staff = await ctx.factories.buildMember({ office, isCrmlsAorAdmin: true });
    const asStaff = await ctx.as(staff.accountId);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/WorkItem/',
      headers: asStaff,
      payload: ticket('From the mailbox', 'Forwarded e-mail', { CaseOrigin: 'association-support-email', ContactName: agent.loginId }),
    });
    expect(ok.statusCode).toBe(200);
    const row = await ctx.db.one<{ contact_member_id: number }>('SELECT contact_member_id FROM work_items WHERE id = $1', [
      ok.json().results[0].id,
    ]);
    expect(row!.contact_member_id).toBe(agent.memberId);
    const outside = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/WorkItem/',
      headers: asStaff,
      payload: ticket('Elsewhere', 'Not my association', { ContactName: stranger.loginId }),
    });
    expect(outside.statusCode).toBe(400);
    const impersonate = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/WorkItem/',
      headers: await ctx.as(agent.accountId),
      payload: ticket('For my colleague', 'Filing for someone else', { ContactName: other.loginId }),
    });
    expect(impersonate.statusCode).toBe(400);
    expect(impersonate.json().errors).toContainEqual({ field: 'fields.ContactName', message: SUPPORT_MESSAGES.contactNotFound });
  });

  it('runs a live chat answered by association staff, with the survey due after 10 messages, once', async () => {
    const aor = await ctx.factories.buildAssociation();
    const office = await ctx.factories.buildOffice({ aorId: aor.id });
    const agent = await ctx.factories.buildMember({ office });
    const staff = await ctx.factories.buildMember({ office, isCrmlsAorAdmin: true });
    const broker = await ctx.factories.buildMember({ office, type: 'Broker' });
    const stranger = await ctx.factories.buildMember();
    const asAgent = await ctx.as(agent.accountId);
    const asStaff = await ctx.as(staff.accountId);

    const opened = await ctx.app.inject({ method: 'POST', url: '/api/app/SupportChat', headers: asAgent });
    const chatId = opened.json().results[0].workItemId;
    const again = await ctx.app.inject({ method: 'POST', url: '/api/app/SupportChat', headers: asAgent });
    expect(again.json().results[0].workItemId).toBe(chatId);

    const post = (headers: { authorization: string }, body: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/app/SupportChat/${chatId}/Messages`, headers, payload: { body } });
    expect((await post(asAgent, '')).statusCode).toBe(400);
    expect((await post(await ctx.as(stranger.accountId), 'Hello')).statusCode).toBe(404);
    expect((await post(await ctx.as(broker.accountId), 'Hello')).statusCode).toBe(403);
    for (let i = 0; i < 9; i++) {
      const res = await post(i % 2 === 0 ? asAgent : asStaff, `Message ${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().results[0].isSurveyDue).toBe(false);
    }
    const survey = (rating: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/app/SupportChat/${chatId}/Survey`,
        headers: asAgent,
        payload: { rating, comment: 'Quick' },
      });
    expect((await survey(5)).statusCode).toBe(400);
    const tenth = await post(asAgent, 'Message 10');
    const thread = tenth.json().results[0];
    expect(thread.isSurveyDue).toBe(true);
    expect(thread.messages.filter((m: { isStaff: boolean }) => m.isStaff)).toHaveLength(4);
    expect((await survey(9)).statusCode).toBe(400);
    const answered = await survey(4);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().results[0]).toMatchObject({ isSurveyDue: false, isSurveyAnswered: true });
    expect((await survey(4)).statusCode).toBe(400);
    const staffView = await ctx.app.inject({ url: `/api/app/SupportChat/${chatId}`, headers: asStaff });
    expect(staffView.json().results[0].messages).toHaveLength(10);
  });
});
