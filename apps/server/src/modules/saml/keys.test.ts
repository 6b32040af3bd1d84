import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { StartRefused } from '../../production';
import { loadSamlKeys, rotateSamlKeys } from './keys';

describe('the SAML signing key', () => {
  let ctx: TestContext;
  const entityId = 'http://127.0.0.1:3999/saml';
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is made once, kept sealed in the database, and shared by every instance', async () => {
    const first = await loadSamlKeys(ctx.db, { entityId });
    const again = await loadSamlKeys(ctx.db, { entityId });
    expect(again.certificate).toBe(first.certificate);
    expect(first.privateKey).toContain('BEGIN PRIVATE KEY');
    const rows = await ctx.db.query<{ sealed: string }>('SELECT sealed FROM saml_keys');
    expect(rows.length).toBe(1);
    expect(rows[0].sealed).not.toContain('PRIVATE KEY');
  });

  it('rotates with an overlap: a staged certificate is published before it signs, the old one stays listed', async () => {
    const before = await loadSamlKeys(ctx.db, { entityId });
    await rotateSamlKeys(ctx.db, 'stage', { entityId });
    const staged = await loadSamlKeys(ctx.db, { entityId });
    expect(staged.certificate).toBe(before.certificate);
    expect(staged.certificates).toHaveLength(2);
    await rotateSamlKeys(ctx.db, 'rotate', { entityId });
    const rotated = await loadSamlKeys(ctx.db, { entityId });
    expect(rotated.certificate).not.toBe(before.certificate);
    expect(rotated.certificates).toContain(before.certificate);
    const metadata = await ctx.app.inject({ url: '/saml/metadata' });
    expect(metadata.statusCode).toBe(200);
  });

  it('refuses to start in production on a key a development instance made', async () => {
    await expect(loadSamlKeys(ctx.db, { entityId, production: true })).rejects.toBeInstanceOf(StartRefused);
  });
});
