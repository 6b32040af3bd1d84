import {
  adProviderSchema,
  articleSummarySchema,
  audienceApplicationSchema,
  authConfigSchema,
  authMemberSchema,
  envelope,
  envelopeSchema,
  genericContainerSchema,
  notificationSchema,
  systemNotificationSchema,
  systemNotificationStatusSchema,
} from '@portico/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContentFactories } from '../../test/content-factories';
import { createTestContext, type TestContext } from '../../test/context';
import { createDashboardFactories } from '../../test/dashboard-factories';
import { JSON_TYPE, type SerializedAnswer, serializeAnswer } from './kept-answer';
import { contractGaps, contractName } from './response-contract';
import { responseSchema, serializerFor } from './route';

/** The contract with no room for more: a field the contract does not name fails the parse. */
function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject)
    return z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, strict(v as z.ZodType)])));
  if (schema instanceof z.ZodArray) return z.array(strict(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

describe('route response schemas (issue 33)', () => {
  it('sends only the fields the contract names, nullable objects as null or whole', async () => {
    const item = z.object({ id: z.number(), office: z.object({ code: z.string() }).nullable(), note: z.string().nullable() });
    const app = Fastify();
    app.get('/x', { schema: { response: { 200: responseSchema(envelopeSchema(item)) } } }, async () =>
      envelope([
        { id: 1, office: { code: 'A1', secret: 'no' }, note: null, passwordHash: 'leak' },
        { id: 2, office: null, note: 'n' },
      ] as never[]),
    );
    const res = await app.inject({ url: '/x' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('leak');
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({
      isSuccessful: true,
      message: '',
      results: [
        { id: 1, office: { code: 'A1' }, note: null },
        { id: 2, office: null, note: 'n' },
      ],
      totalResults: 2,
      totalPages: 1,
    });
    // The nullable object is one schema (no anyOf tried branch by branch on every answer).
    expect(JSON.stringify(responseSchema(item))).not.toContain('anyOf');
  });

  it('serialises a kept answer by the contract once, and sends the same JSON after (decision 1188)', async () => {
    const item = z.object({ id: z.number() });
    let compiled = 0;
    const app = Fastify();
    app.setSerializerCompiler((route) => {
      const serialise = serializerFor(route);
      return (answer) => {
        compiled++;
        return serialise(answer);
      };
    });
    let kept: SerializedAnswer | undefined;
    app.get('/x', { schema: { response: { '2xx': responseSchema(envelopeSchema(item)) } } }, async (_req, reply) => {
      kept ??= serializeAnswer(reply, envelope([{ id: 1, passwordHash: 'leak' }] as never[]));
      return reply.type(JSON_TYPE).send(kept.json);
    });
    const first = await app.inject({ url: '/x' });
    const second = await app.inject({ url: '/x' });
    await app.close();
    expect(compiled).toBe(1);
    expect(first.body).not.toContain('leak');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.json().results).toEqual([{ id: 1 }]);
  });

  it('finds what an answer carries beyond its contract, and what it lacks (RESPONSE_CHECK=strict, decision 1141)', () => {
    const item = z.object({ id: z.number(), note: z.string().nullable(), tags: z.array(z.object({ name: z.string() })) });
    const schema = envelopeSchema(item);
    expect(contractGaps(schema, envelope([{ id: 1, note: null, tags: [{ name: 'a' }] }]))).toEqual([]);
    expect(contractGaps(schema, envelope([{ id: 1, note: 'n', tags: [{ name: 'a', colour: 'red' }], secret: 's' }]))).toEqual([
      'results.0.tags.0.colour: not in the contract',
      'results.0.secret: not in the contract',
    ]);
    // A null where the contract says string would be sent as "" and a missing field is a 500 of the serialiser.
    const gaps = contractGaps(
      schema,
      envelope([
        { id: 1, tags: [] },
        { id: 2, note: 'n', tags: [] },
      ]),
    );
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatch(/^results\.0\.note: /);
    // Dates go as JSON carries them: an ISO string.
    expect(contractGaps(z.object({ on: z.string() }), { on: new Date() })).toEqual([]);
  });

  it('checks and names a Zod Mini contract as it does a classic one (the public auth-config, decision 0992)', () => {
    const schema = envelopeSchema(authConfigSchema);
    const config = {
      authority: 'https://portal.example/oidc',
      clientId: 'portico-web',
      scopes: 'openid profile',
      extraAuthParams: { resource: 'https://portal.example/api' },
      redirectUri: 'https://portal.example/callback',
      silentRedirectUri: 'https://portal.example/silent',
      postLogoutRedirectUri: 'https://portal.example/',
      portalOwnsCredentials: true,
      accountUrl: null,
    };
    expect(contractGaps(schema, envelope([config]))).toEqual([]);
    expect(contractGaps(schema, envelope([{ ...config, clientSecret: 's' }]))).toEqual(['results.0.clientSecret: not in the contract']);
    expect(contractGaps(schema, envelope([{ ...config, authority: 'not a url' }]))[0]).toMatch(/^results\.0\.authority: /);
    expect(contractName(schema)).toBe('Envelope<AuthConfig>');
  });

  it('names a contract by its export in packages/shared', () => {
    expect(contractName(envelopeSchema(articleSummarySchema))).toBe('Envelope<ArticleSummary>');
    expect(contractName(authMemberSchema)).toBe('AuthMember');
    expect(contractName(envelopeSchema(z.object({ id: z.number() })))).toBe('Envelope<inline>');
    expect(contractName(undefined)).toBeNull();
  });

  describe('the measured calls answer exactly their contracts', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it('sends the kept answers of the dashboard as JSON, the same for each call on the same state', async () => {
      const member = await ctx.factories.buildMember();
      const headers = await ctx.as(member.accountId);
      for (const url of [
        '/api/app/AudienceApplications/',
        '/api/app/SystemNotifications',
        '/api/app/SystemNotificationStatus',
        '/api/app/GenericAds',
        '/api/app/GenericContainers/',
      ]) {
        const [a, b] = [await ctx.app.inject({ url, headers }), await ctx.app.inject({ url, headers })];
        expect(a.statusCode, url).toBe(200);
        expect(a.headers['content-type'], url).toBe('application/json; charset=utf-8');
        expect(b.body, url).toBe(a.body);
        expect(a.json().isSuccessful, url).toBe(true);
      }
    });

    it('checks every answer against its contract in the API tests', () => {
      expect(ctx.app.config.responseCheck).toBe(true);
    });

    it('AuthMemberDto, SystemNotifications and AudienceApplications', async () => {
      const aor = await ctx.factories.buildAssociation();
      const office = await ctx.factories.buildOffice({ aorId: aor.id });
      const broker = await ctx.factories.buildMember({ type: 'Broker', office });
      await createContentFactories(ctx.db).buildSystemNotification({ title: 'For mine', aorId: aor.id, position: 'popover' });
      await createDashboardFactories(ctx.db).buildApplication({ name: 'For everyone' });
      const headers = await ctx.as(broker.accountId);
      const calls = [
        ['/api/app/Members/AuthMemberDto', authMemberSchema],
        ['/api/app/SystemNotifications', systemNotificationSchema],
        ['/api/app/AudienceApplications/', audienceApplicationSchema],
      ] as const;
      for (const [url, item] of calls) {
        const res = await ctx.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(200);
        const body = res.json();
        expect(body.results.length, url).toBeGreaterThan(0);
        const parsed = strict(envelopeSchema(item)).safeParse(body);
        expect(parsed.success ? [] : parsed.error.issues, url).toEqual([]);
      }
    });

    it("the dashboard's calls: sections, ads, promoted articles, message statuses and the bell's list", async () => {
      const aor = await ctx.factories.buildAssociation();
      const office = await ctx.factories.buildOffice({ aorId: aor.id });
      const agent = await ctx.factories.buildMember({ office });
      const dashboard = createDashboardFactories(ctx.db);
      const content = createContentFactories(ctx.db);
      await dashboard.buildContainer(`contract-${aor.id}`, 'Active', 1);
      await dashboard.buildAdProvider({ aorId: aor.id });
      const categoryId = await content.buildCategory();
      // One article with every nullable date set, one with none: both shapes answer by the contract.
      await content.buildArticle({
        categoryId,
        aorId: aor.id,
        promoteOn: new Date(Date.now() - 86_400_000),
        promoteEnd: new Date(Date.now() + 86_400_000),
        expiresOn: new Date(Date.now() + 86_400_000),
      });
      await content.buildArticle({ categoryId, aorId: aor.id, promoteOn: new Date(Date.now() - 86_400_000) });
      await content.buildNotifications(agent.memberId, await content.buildCampaignType(), 2);
      const headers = await ctx.as(agent.accountId);
      const calls = [
        ['GET', '/api/app/GenericContainers/', genericContainerSchema],
        ['GET', '/api/app/GenericAds', adProviderSchema],
        ['GET', '/api/app/Articles/promoted', articleSummarySchema],
        ['GET', '/api/app/SystemNotificationStatus', systemNotificationStatusSchema],
        ['POST', '/api/app/EmailRequestMessage/q', notificationSchema],
      ] as const;
      for (const [method, url, item] of calls) {
        const res = await ctx.app.inject({
          method,
          url,
          headers,
          ...(method === 'POST' ? { payload: { pageId: 1, pageSize: 9999 } } : {}),
        });
        expect(res.statusCode, url).toBe(200);
        const body = res.json();
        expect(body.results.length, url).toBeGreaterThan(0);
        const parsed = strict(envelopeSchema(item)).safeParse(body);
        expect(parsed.success ? [] : parsed.error.issues, url).toEqual([]);
      }
    });
  });
});
