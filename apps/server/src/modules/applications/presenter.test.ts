import { describe, expect, it } from 'vitest';
import { presentApplication, tilesChangeAt } from './presenter';
import type { ApplicationRow } from './repository';

const row = (over: Partial<ApplicationRow>): ApplicationRow => ({
  id: 7,
  name: 'Inspection Scheduler',
  name_short: 'INSPECT',
  url: 'https://apps.example-mls.org/inspect',
  icon_url: null,
  hover_text: null,
  application_category: 'member',
  mls_system: null,
  is_connected: false,
  created_on: new Date('2026-01-01T00:00:00Z'),
  sso_protocol: 'link',
  oidc_initiate_login_uri: null,
  ...over,
});
const now = new Date('2026-11-26T00:00:00Z');
const ISSUER = 'https://portal.example-mls.org/oidc';

describe('the tile of an application', () => {
  it('launches by SAML or OpenID Connect when the embedded provider owns sign-in', () => {
    expect(presentApplication(row({ sso_protocol: 'saml' }), now, ISSUER).protocol).toBe('saml');
    const oidc = presentApplication(row({ sso_protocol: 'oidc', oidc_initiate_login_uri: 'https://rp.example/login' }), now, ISSUER);
    expect(oidc.protocol).toBe('oidc');
    expect(oidc.url).toMatch(/^https:\/\/rp\.example\/login\?iss=/);
  });

  it('opens the plain URL when an external provider owns sign-in (no SAML endpoints, no OIDC clients)', () => {
    for (const sso_protocol of ['saml', 'oidc'] as const) {
      const tile = presentApplication(row({ sso_protocol, oidc_initiate_login_uri: 'https://rp.example/login' }), now, null);
      expect(tile.protocol).toBe('link');
      expect(tile.url).toBe('https://apps.example-mls.org/inspect');
    }
  });
});

describe('when presented tiles change by time alone (issue 33)', () => {
  it('is the next creation or end of a NEW window, and the badge is the same on either side until then', () => {
    const day = 86_400_000;
    const fresh = row({ id: 1, created_on: new Date(now.getTime() - 10 * day) });
    const later = row({ id: 2, created_on: new Date(now.getTime() + 2 * day) });
    const old = row({ id: 3 });
    const at = tilesChangeAt([fresh, later, old], now.getTime());
    expect(at).toBe(now.getTime() + 2 * day);
    for (const r of [fresh, later, old]) {
      expect(presentApplication(r, new Date(at - 1)).isNew).toBe(presentApplication(r, now).isNew);
    }
    expect(presentApplication(later, new Date(at)).isNew).toBe(true);
    // Past the later one's creation, the next turn is the end of the fresh one's window (30 days after its creation).
    const next = tilesChangeAt([fresh, later, old], at);
    expect(presentApplication(fresh, new Date(next - 1)).isNew).toBe(true);
    expect(presentApplication(fresh, new Date(next)).isNew).toBe(false);
    expect(tilesChangeAt([old], now.getTime())).toBe(Number.POSITIVE_INFINITY);
  });
});
