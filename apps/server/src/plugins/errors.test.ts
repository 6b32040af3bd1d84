import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { databaseInputError, frameworkErrors, registerErrorHandler } from './errors';

const envelopeShape = { isSuccessful: false, results: [], totalResults: 0, totalPages: 0 };

describe('router errors answer in the envelope, without the URL (issue 15)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it.each([
    ['a bad percent-encoding', 'GET', '/api/app/Registration/%zz', undefined, undefined, 400],
    ['a lone surrogate percent-encoded', 'GET', '/cribdata/Members/ta/%ED%A0%80', undefined, undefined, 400],
    ['an over-long path parameter', 'GET', `/cribdata/Members/ta/${'x'.repeat(400)}`, undefined, undefined, 414],
    ['an unknown content type', 'POST', '/api/app/AccountContact/ForgotPassword', '<a/>', 'application/xml', 415],
    ['unreadable JSON', 'POST', '/api/app/AccountContact/ForgotPassword', '{"LoginId":', 'application/json', 400],
    ['an unknown call', 'GET', '/api/app/NoSuchThing/%3Cscript%3E', undefined, undefined, 404],
  ])('%s', async (_what, method, url, payload, contentType, status) => {
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject(envelopeShape);
    expect(res.body).not.toMatch(/FST_ERR|NoSuchThing|script|%zz|xxxx|Registration/);
  });
});

describe('the database safety net (decision 0920)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('maps SQLSTATEs of bad values to 400 (and a duplicate to 409), nothing else', () => {
    for (const code of ['22P02', '22003', '22007', '22008', '22021', '54000']) expect(databaseInputError({ code })?.status, code).toBe(400);
    expect(databaseInputError({ code: '23503' })?.status).toBe(400);
    expect(databaseInputError({ code: '23505' })?.status).toBe(409);
    for (const code of ['42P01', '08006', '40001', 'ECONNRESET', undefined]) expect(databaseInputError({ code }), String(code)).toBeNull();
  });

  it('answers a 400 in the envelope when the database refuses a value a route let through', async () => {
    const app = Fastify({ frameworkErrors });
    registerErrorHandler(app);
    app.get('/cast/:value', async (req) => ctx.db.query('SELECT $1::int AS n', [(req.params as { value: string }).value]));
    app.get('/date/:value', async (req) => ctx.db.query('SELECT $1::date AS d', [(req.params as { value: string }).value]));
    for (const url of ['/cast/2147483648', '/cast/abc', '/date/2027-02-30']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ ...envelopeShape, code: 'BAD_REQUEST' });
      expect(res.body).not.toMatch(/int|date|syntax|range/i);
    }
    expect((await app.inject({ url: '/cast/7' })).json()).toEqual([{ n: 7 }]);
    await app.close();
  });
});
