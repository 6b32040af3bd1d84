import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { assertProductionReady, productionProblems } from './production';

const KEY = randomBytes(32).toString('base64');
const READY = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example-mls.org',
  SMTP_URL: 'smtps://mail.example-mls.org',
  PORTICO_SECRET_KEY: KEY,
};
const without = (name: keyof typeof READY) => Object.fromEntries(Object.entries(READY).filter(([k]) => k !== name));

describe('production is safe by default (decision 0940)', () => {
  it('turns the demo off under NODE_ENV=production or PORTICO_ENV=production, and keeps it on otherwise', () => {
    expect(loadConfig({})).toMatchObject({ production: false, demo: true, seedDemo: true });
    expect(loadConfig({ SEED_DEMO: 'false' })).toMatchObject({ production: false, demo: false, seedDemo: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, demo: false, seedDemo: false });
    expect(loadConfig({ PORTICO_ENV: 'production', SEED_DEMO: 'true' })).toMatchObject({ production: true, demo: false });
    expect(loadConfig({ NODE_ENV: 'production', PORTICO_ENV: 'development' })).toMatchObject({ production: false, demo: true });
  });

  it('starts in production with an https PUBLIC_URL, SMTP_URL and a secret key of its own', () => {
    expect(productionProblems(loadConfig(READY))).toEqual([]);
    expect(() => assertProductionReady(loadConfig(READY))).not.toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'portico-key-'));
    writeFileSync(join(dir, 'key'), `${randomBytes(32).toString('hex')}\n`);
    expect(productionProblems(loadConfig({ ...without('PORTICO_SECRET_KEY'), PORTICO_SECRET_KEY_FILE: join(dir, 'key') }))).toEqual([]);
  });

  it('refuses to start with one line naming what is missing', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        assertProductionReady(loadConfig(env));
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };
    expect(refusal(without('PUBLIC_URL'))).toMatch(/^Refusing to start in production: PUBLIC_URL must be the portal's https:\/\/ address/);
    expect(refusal({ ...READY, PUBLIC_URL: 'http://portal.example-mls.org' })).toMatch(
      /PUBLIC_URL must be the portal's https:\/\/ address/,
    );
    expect(refusal(without('SMTP_URL'))).toMatch(/^Refusing to start in production: SMTP_URL must name the mail transport/);
    expect(refusal(without('PORTICO_SECRET_KEY'))).toMatch(/PORTICO_SECRET_KEY \(or PORTICO_SECRET_KEY_FILE\) must hold the key/);
    expect(refusal({ ...READY, PORTICO_SECRET_KEY: 'short' })).toMatch(/PORTICO_SECRET_KEY must be 32 bytes/);
    const all = refusal({ NODE_ENV: 'production' });
    expect(all).toContain('PUBLIC_URL');
    expect(all).toContain('SMTP_URL');
    expect(all).toContain('PORTICO_SECRET_KEY');
    expect(all?.split('\n')).toHaveLength(1);
    // Outside production nothing is required.
    expect(refusal({})).toBeNull();
  });
});
