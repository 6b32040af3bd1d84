import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

/** A context with these settings, a member who asked for a reset link, and the answer of /outbox. */
function withOutbox(env: Record<string, string>) {
  const state = {} as { ctx: TestContext; outbox: Awaited<ReturnType<TestContext['app']['inject']>>; loginId: string };
  beforeAll(async () => {
    state.ctx = await createTestContext({ env: { SMTP_URL: '', ...env } });
    const m = await state.ctx.factories.buildMember();
    state.loginId = m.loginId;
    await state.ctx.app.inject({ method: 'POST', url: '/api/app/AccountContact/ForgotPassword', payload: { LoginId: m.loginId } });
    state.outbox = await state.ctx.app.inject({ url: '/outbox' });
  });
  afterAll(() => state.ctx.close());
  return state;
}

describe('the demo outbox while the demo is on', () => {
  const state = withOutbox({ SEED_DEMO: 'true' });
  it('shows the mails, and says on the page that it is a demo', () => {
    expect(state.outbox.statusCode).toBe(200);
    expect(state.outbox.body).toContain('This is a demo.');
    expect(state.outbox.body).toContain('/password-reset/');
  });

  it('narrows to the messages that contain a text, even when 50 newer ones are there', async () => {
    const { ctx, loginId } = state;
    await ctx.db.query(
      `INSERT INTO outbox_emails (to_address, subject, body_text) SELECT 'many@example.org', 'Reminder', 'Reminder ' || g FROM generate_series(1, 60) g`,
    );
    expect((await ctx.app.inject({ url: '/outbox' })).body).not.toContain('/password-reset/');
    const found = await ctx.app.inject({ url: `/outbox?q=${encodeURIComponent(`login ID ${loginId}`)}` });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('/password-reset/');
    expect(found.body).not.toContain('Reminder 60');
    // LIKE's wildcards match as typed, not as patterns.
    expect((await ctx.app.inject({ url: '/outbox?q=%25' })).body).toContain('No e-mails contain this text.');
  });

  it('refuses a search longer than 200 characters with a field error', async () => {
    const res = await state.ctx.app.inject({ url: `/outbox?q=${'x'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'q', message: 'Search at most 200 characters.' }]);
  });
});

describe('the demo outbox with the demo off', () => {
  const state = withOutbox({ SEED_DEMO: 'false' });
  it('does not exist (SEED_DEMO=false): 404, and no reset link on show', () => {
    expect(state.outbox.statusCode).toBe(404);
    expect(state.outbox.json()).toMatchObject({ isSuccessful: false, code: 'NOT_FOUND' });
    expect(state.outbox.body).not.toContain('/password-reset/');
  });
});

describe('the demo outbox with SMTP', () => {
  const state = withOutbox({ SEED_DEMO: 'true', SMTP_URL: 'smtp://127.0.0.1:1' });
  it('does not exist when mail goes out through SMTP', () => {
    expect(state.outbox.statusCode).toBe(404);
  });
});
