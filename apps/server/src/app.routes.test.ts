import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import type { RegisteredRoute } from './app';

const ROUTES_DOC = new URL('../../../docs/routes.md', import.meta.url);

/**
 * Route families that state a `guard` (lib/guard.ts, decision 1060) instead of the older `access`: a route added to
 * one of them with `access` fails here. A family joins this list when it is converted.
 */
const GUARDED_FAMILIES: RegExp[] = [
  /^\/api\/app\/registration\b/i,
  /^\/api\/app\/article/i,
  /^\/api\/app\/SystemNotification/i,
  /^\/api\/app\/memberTypeLookups/i,
  /^\/api\/app\/WorkItem\/(q|:id)/i,
  /^\/api\/app\/FormDefinition\//i,
  /^\/api\/app\/(Member|Office|Association)Settings/i,
  /^\/api\/DerivedSettings/i,
  /^\/api\/app\/(Token|File\w+)$/i,
  /^\/files\/articles\//,
  /^\/api\/app\/SupportChat/i,
  /^\/api\/app\/(EmailRequestMessage|profileNotification|campaignType)/i,
  /^\/api\/app\/WorkItem\/$/i,
  /^\/api\/app\/(TrainingClass|subjects|TrainingTopic|attendee|ClassRequest)\b/i,
  /^\/api\/app\/(Eula|NotificationAcknowledgement)\b/i,
  /^\/api\/app\/(AccountContact|AccountSecurity|MemberSecondFactors)\//i,
  /^\/api\/app\/(LauncherApplications|SsoApplications|OfficeApplications|ApplicationUsage|ApplicationLaunches|AudienceApplications)\b/i,
  /^\/api\/app\/(Compliance|Feed|ResourceMaterials)\//i,
  /^\/api\/app\/(AdminProfile|KpiDefinition\/)/i,
];

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/routes.md: every route with who may call it, over which row, its rate limits and the gates it waits behind. */
function routesDoc(routes: RegisteredRoute[]): string {
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url, 'en') || a.method.localeCompare(b.method, 'en'))
    .map((r) => {
      const g = r.guard;
      const guard = g ? (g.form === 'access' && g.guard !== r.access ? r.access : g.guard) : `${r.access} (Fastify route)`;
      const rules = g?.rules.length ? ` (${g.rules.join(', ')})` : '';
      return `| ${r.method} | \`${cell(r.url)}\` | ${cell(guard ?? '')}${rules}${g?.form === 'access' ? ' ¹' : ''} | ${g?.row ?? ''} | ${g?.rateLimit.join(', ') ?? ''} | ${g?.gates.join(', ') ?? ''} |`;
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
    '  functions that decide (the rule on the member, then the predicate on the row).',
    '  ¹ the older `access` form, not yet converted to a `guard`.',
    "- **Row**: what the guard loads before the handler runs (missing or out of the member's reach: 404).",
    '- **Rate limit**: the limits counted before the handler (`lib/rate-limit.ts`).',
    '- **Gates**: what the route waits for: `eula` (the current EULA accepted), `password` (a required password change made).',
    '',
    '| Method | Path | Guard | Row | Rate limit | Gates |',
    '| --- | --- | --- | --- | --- | --- |',
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

  it('has no route without an access declaration', () => {
    expect(ctx.app.registeredRoutes.length).toBeGreaterThan(10);
    const undeclared = ctx.app.registeredRoutes.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
  });

  it('has a guard, not the older access form, on every route of a converted family', () => {
    const converted = ctx.app.registeredRoutes.filter((r) => GUARDED_FAMILIES.some((family) => family.test(r.url)));
    expect(converted.length).toBeGreaterThan(0);
    expect(converted.filter((r) => r.guard?.form !== 'guard').map((r) => `${r.method} ${r.url}`)).toEqual([]);
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
