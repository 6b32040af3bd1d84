import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { RESPONSE_NOT_JSON, RESPONSE_PENDING } from '../test/response-pending';
import type { RegisteredRoute } from './app';

const ROUTES_DOC = new URL('../../../docs/routes.md', import.meta.url);

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/routes.md: every route with who may call it, over which row, its rate limits and the gates it waits behind. */
function routesDoc(routes: RegisteredRoute[]): string {
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url, 'en') || a.method.localeCompare(b.method, 'en'))
    .map((r) => {
      const g = r.guard;
      const guard = g ? `${g.guard}${g.form === 'fastify' ? ' (Fastify route)' : ''}` : `${r.access} (no guard)`;
      const rules = g?.rules.length ? ` (${g.rules.join(', ')})` : '';
      const response = r.response ? `\`${cell(r.response)}\`` : '—';
      return `| ${r.method} | \`${cell(r.url)}\` | ${cell(guard)}${rules} | ${g?.row ?? ''} | ${g?.rateLimit.join(', ') ?? ''} | ${g?.gates.join(', ') ?? ''} | ${response} |`;
    });
  return [
    '# Routes: who may call each one, over which rows',
    '',
    'Written by `apps/server/src/app.routes.test.ts` from the routes the server registers; CI fails when it is not current',
    '(run `npx vitest run --project api apps/server/src/app.routes.test.ts` to rewrite it). How a route states its guard:',
    '[decision 1060](decisions/1060-guards-on-the-route.md).',
    '',
    '- **Guard**: `public`, `authenticated` (a sign-in, member data or not), `member` (any member; the handler scopes by',
    '  the member), or a named rule (`registered.update`) on the member alone or on the row it loads; in brackets the',
    '  functions that decide (the rule on the member, then the predicate on the row). `(Fastify route)`: a public page',
    "  registered with Fastify directly (`fastifyPublic`: the sign-in pages, SAML, health, the web app's files).",
    "- **Row**: what the guard loads before the handler runs (missing or out of the member's reach: 404).",
    '- **Rate limit**: the limits counted before the handler (`lib/rate-limit.ts`).',
    '- **Gates**: what the route waits for: `eula` (the current EULA accepted), `password` (a required password change made).',
    '- **Response**: the contract of packages/shared the 200 answer is serialised by (`Envelope<Name>`: the envelope of',
    '  `nameSchema` items); `—`: none yet, or an answer that is not JSON ([decision 1141](decisions/1141-response-contracts-on-every-route.md)).',
    '',
    '| Method | Path | Guard | Row | Rate limit | Gates | Response |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

describe('every route states who may call it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has no route without a guard (decision 1060)', () => {
    expect(ctx.app.registeredRoutes.length).toBeGreaterThan(10);
    const unguarded = ctx.app.registeredRoutes.filter((r) => !r.access || !r.guard);
    expect(unguarded.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('registers only public pages with Fastify directly; every API call goes through route() and its guard', () => {
    const direct = ctx.app.registeredRoutes.filter((r) => r.guard?.form === 'fastify');
    expect(direct.filter((r) => r.guard?.guard !== 'public' || r.access !== 'public')).toEqual([]);
    expect(direct.filter((r) => /^\/api\/(app|listings)\//i.test(r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('has a response contract on every route() route but the pending ones and those answering no JSON; the pending list only shrinks (decision 1141)', () => {
    const routes = ctx.app.registeredRoutes.filter((r) => r.guard?.form === 'guard');
    const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
    const without = routes.filter((r) => !r.response).map(key);
    const pending = new Set(RESPONSE_PENDING);
    const notJson = Object.keys(RESPONSE_NOT_JSON);
    expect(
      without.filter((k) => !pending.has(k) && !notJson.includes(k)),
      'routes without `response:` (add one)',
    ).toEqual([]);
    expect(
      notJson.filter((k) => !without.includes(k)),
      'routes answering no JSON that are gone or state a contract',
    ).toEqual([]);
    const declared = new Set(routes.map(key));
    expect(
      RESPONSE_PENDING.filter((k) => !declared.has(k) || !without.includes(k)),
      'pending routes that now state a contract or are gone (drop them from test/response-pending.ts)',
    ).toEqual([]);
  });

  it('keeps docs/routes.md current (CI fails when it is not; elsewhere this test rewrites it)', () => {
    const doc = routesDoc(ctx.app.registeredRoutes);
    const written = (() => {
      try {
        return readFileSync(ROUTES_DOC, 'utf8');
      } catch {
        return '';
      }
    })();
    if (written === doc) return;
    if (process.env.CI) expect(written, 'docs/routes.md is not current: run this test outside CI and commit it').toBe(doc);
    writeFileSync(ROUTES_DOC, doc);
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
