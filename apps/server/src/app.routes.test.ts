import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';

describe('every route states who may call it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has no route without an access declaration', () => {
    expect(ctx.app.registeredRoutes.length).toBeGreaterThan(10);
    const undeclared = ctx.app.registeredRoutes.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
  });

  it('refuses every non-public API route without a token, in the error envelope', async () => {
    const guarded = ctx.app.registeredRoutes.filter((r) => r.url.startsWith('/api/app') && r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(3);
    for (const r of guarded) {
      const res = await ctx.app.inject({ method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1') });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json()).toMatchObject({ isSuccessful: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('serves the OpenAPI document with the seed calls', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/app/Members/AuthMemberDto');
  });

  it('answers health and readiness', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });
});
