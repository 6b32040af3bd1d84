import { describe, expect, it } from 'vitest';
import { PASSKEY_ENLIST_PATH, passkeyEnlistUrl, SECOND_FACTOR_MESSAGES, safeReturnPath, secondFactorValueIssue } from './second-factors';

const ORIGIN = 'https://portal.example.org';

describe('the passkey enlist page address and its return url (decision 0968)', () => {
  it('carries the name and the return url', () => {
    const url = new URL(passkeyEnlistUrl('My laptop', '/account-settings/manage-authentications'), ORIGIN);
    expect(url.pathname).toBe(PASSKEY_ENLIST_PATH);
    expect(url.searchParams.get('name')).toBe('My laptop');
    expect(url.searchParams.get('returnUrl')).toBe('/account-settings/manage-authentications');
  });

  it('takes paths and absolute urls of the portal only', () => {
    expect(safeReturnPath('/account-settings?x=1#top', ORIGIN)).toBe('/account-settings?x=1#top');
    expect(safeReturnPath(`${ORIGIN}/settings`, ORIGIN)).toBe('/settings');
    for (const bad of [
      '',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      `${ORIGIN}//evil.example`,
      'javascript:alert(1)',
      'http://portal.example.org/',
      'data:text/html,hi',
    ]) {
      expect(safeReturnPath(bad, ORIGIN), bad).toBeNull();
    }
  });

  it('asks for a passkey name', () => {
    expect(secondFactorValueIssue('passkey', ' ')).toBe(SECOND_FACTOR_MESSAGES.passkeyNameRequired);
    expect(secondFactorValueIssue('passkey', 'x'.repeat(65))).toBe('Must be at most 64 characters');
    expect(secondFactorValueIssue('passkey', 'Work key')).toBeNull();
  });
});
