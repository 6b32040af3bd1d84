import { describe, expect, it } from 'vitest';
import { authConfigSchema } from './auth-config';

const valid = {
  authority: 'http://127.0.0.1:3000/oidc',
  clientId: 'portico-web',
  scopes: 'openid profile',
  extraAuthParams: { resource: 'http://127.0.0.1:3000/api' },
  redirectUri: 'http://127.0.0.1:3000/callback',
  silentRedirectUri: 'http://127.0.0.1:3000/silent_renew',
  postLogoutRedirectUri: 'http://127.0.0.1:3000/logged-out',
  portalOwnsCredentials: true,
  accountUrl: null,
};

// The schema is written with Zod Mini (decision 0992): the same rules as before, checked here.
describe('authConfigSchema', () => {
  it('accepts the settings the server embeds, with or without an account page', () => {
    expect(authConfigSchema.parse(valid)).toEqual(valid);
    expect(authConfigSchema.parse({ ...valid, accountUrl: 'https://idp.example/account' }).accountUrl).toBe('https://idp.example/account');
  });

  it.each([
    ['authority', 'not a url'],
    ['redirectUri', ''],
    ['accountUrl', 'nowhere'],
    ['clientId', ''],
    ['scopes', ''],
    ['portalOwnsCredentials', 'yes'],
    ['extraAuthParams', { resource: 1 }],
  ])('refuses a bad %s', (field, value) => {
    expect(authConfigSchema.safeParse({ ...valid, [field]: value }).success).toBe(false);
  });

  it('refuses settings with a field missing', () => {
    const { clientId: _, ...missing } = valid;
    expect(authConfigSchema.safeParse(missing).success).toBe(false);
  });
});
