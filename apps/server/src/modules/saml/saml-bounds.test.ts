import { deflateRawSync } from 'node:zlib';
import { SAML_REQUEST_BOUNDS } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredSp, type SamlInstances, startSamlInstances } from '../../../test/saml-sp';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** An AuthnRequest of a registered SP's Issuer around `inside`, as an HTTP-Redirect query. */
function redirectQuery(issuer: string, inside: string, extra = '') {
  const xml = `<samlp:AuthnRequest xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="_b${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:Issuer>${issuer}</saml:Issuer>${inside}</samlp:AuthnRequest>`;
  const deflated = deflateRawSync(Buffer.from(extra + xml)).toString('base64');
  return `/saml/sso?SAMLRequest=${encodeURIComponent(deflated)}`;
}

/** Resolves with the answer, or rejects once `ms` passed without one. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('SAML: hostile requests are bounded before any parsing (issue 26 §2)', () => {
  let instance: SamlInstances['instance'];
  let ctx: SamlInstances['ctx'];
  let lines: SamlInstances['lines'];
  let refusals: SamlInstances['refusals'];
  beforeAll(async () => {
    ({ instance, ctx, lines, refusals } = await startSamlInstances({ RATE_LIMITS: 'saml=1000/60' }));
  }, 180_000);
  afterAll(() => instance?.close());

  it('refuses an inflate bomb (2 KB that inflates to 1 MB) while /readyz still answers within 1 s', async () => {
    const { entityId } = await registeredSp(ctx, 'bomb');
    const url = redirectQuery(entityId, '<a/>'.repeat(250_000));
    expect(url.length).toBeLessThan(6_000);
    const bomb = ctx.app.inject({ url });
    // The readiness probe is sent while the bomb is in flight; it must be answered within the bound.
    const ready = await within(Promise.resolve(ctx.app.inject({ url: '/readyz' })), 1000, '/readyz');
    expect(ready.statusCode).toBe(200);
    const refused = await bomb;
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('could not be read');
    expect(refusals()).toContain('oversized-request');
  });

  it('refuses a DOCTYPE (entities) and too many elements before parsing: a 400 page and a saml-refused line, never a 500', async () => {
    const { entityId } = await registeredSp(ctx, 'doctype');
    const doctype = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "boom">]>';
    const withEntity = await ctx.app.inject({ url: redirectQuery(entityId, '', doctype) });
    expect(withEntity.statusCode).toBe(400);
    expect(withEntity.headers['content-type']).toContain('text/html');
    expect(refusals()).toContain('doctype-request');
    const many = await ctx.app.inject({ url: redirectQuery(entityId, '<a/>'.repeat(1000)) });
    expect(many.statusCode).toBe(400);
    expect(refusals()).toContain('too-many-elements');
    // Malformed XML (an unclosed element) and a POST that is not XML at all.
    const malformed = await ctx.app.inject({ url: redirectQuery(entityId, '<saml:Unclosed>') });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('SAMLResponse');
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/saml/sso',
      payload: { SAMLRequest: Buffer.from(`<samlp:AuthnRequest xmlns:samlp="${PROTOCOL}"><<<`).toString('base64') },
    });
    expect(post.statusCode).toBe(400);
    expect(lines.some((l) => (l.level ?? 0) >= 50)).toBe(false);
  });

  it('refuses a POST body over the cap with the refusal page', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/saml/sso',
      payload: `SAMLRequest=${'A'.repeat(300_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('SAML: unauthenticated requests are rate-limited per address and keep few pending rows (issue 26 §2)', () => {
  let instance: SamlInstances['instance'];
  let ctx: SamlInstances['ctx'];
  beforeAll(async () => {
    ({ instance, ctx } = await startSamlInstances({ RATE_LIMITS: 'saml=20/60' }, 2));
  }, 180_000);
  afterAll(() => instance?.close());

  it('answers 429 once an address passed the limit, on every instance; one address keeps at most a few pending rows', async () => {
    const { application } = await registeredSp(ctx, 'flood');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const app = instance.apps[i % 2];
      const res = await app.inject({ url: `/saml/launch/${application.id}`, remoteAddress: '203.0.113.7' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const rows = await instance.db.one<{ n: number }>('SELECT count(*)::int AS n FROM saml_pending_requests');
    expect(rows?.n).toBe(SAML_REQUEST_BOUNDS.pendingPerClient);
    // Another address is not held back by the first.
    const other = await instance.apps[1].inject({ url: `/saml/launch/${application.id}`, remoteAddress: '198.51.100.9' });
    expect(other.statusCode).toBe(303);
  });
});
