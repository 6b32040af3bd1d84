import { slugify } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS } from './tabs';

describe('admin tab registry', () => {
  it('gives every tab a unique slug that is its slugified label (the URL /admin/{slug})', () => {
    for (const tab of ADMIN_TABS) expect(tab.slug).toBe(slugify(tab.label));
    expect(new Set(ADMIN_TABS.map((t) => t.slug)).size).toBe(ADMIN_TABS.length);
  });
});
