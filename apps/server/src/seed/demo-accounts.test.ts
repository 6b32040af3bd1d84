import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { demoAccountsJson } from './demo-accounts-json';

describe('docs/demo-accounts.json', () => {
  it('lists exactly the seeded demo sign-ins', () => {
    const onDisk = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/demo-accounts.json'), 'utf8'));
    expect(onDisk).toEqual(demoAccountsJson());
  });

  it('covers every role the foundation issue names', () => {
    const roles = demoAccountsJson()
      .accounts.map((a) => a.role)
      .join(' | ');
    for (const role of [
      'Agent',
      'Broker',
      'Office Manager',
      'Office Assistant',
      'Personal Assistant',
      'AOR admin',
      'MLS admin',
      'SWLAR',
      'change their password',
      'no member data',
    ]) {
      expect(roles).toContain(role);
    }
  });
});
