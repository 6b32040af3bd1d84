import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

/** A context with these settings, a member who asked for a reset link, and the answer of /outbox. */
function withOutbox(env: Record<string, string>) {
  const state = {} as { ctx: TestContext; outbox: Awaited<ReturnType<TestContext['app']['inject']>> };
  beforeAll(async () => {
    state.ctx = await createTestContext({ env: { SMTP_URL: '', ...env } });
    const m = await state.ctx.factories.buildMember();
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
