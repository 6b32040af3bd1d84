import { describe, expect, it } from 'vitest';
import { presentApplication } from './presenter';
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
