import { describe, expect, it } from 'vitest';
import { launcherApplicationWriteSchema } from './launcher-applications';

const valid = {
  name: ' Lockbox Tracker ',
  nameShort: 'LOCKBOX',
  url: 'https://lockbox.vendor.test/start',
  iconUrl: '',
  hoverText: '',
  applicationCategory: 'member',
  isConnected: false,
  accessLevel: '3',
  audience: [{ aorId: '7', mainOfficeCode: ' ', memberType: 1 }],
};

describe('launcherApplicationWriteSchema', () => {
  it('trims text, reads empty optional fields as null and ids from text', () => {
    expect(launcherApplicationWriteSchema.parse(valid)).toEqual({
      ...valid,
      name: 'Lockbox Tracker',
      iconUrl: null,
      hoverText: null,
      accessLevel: 3,
      audience: [{ aorId: 7, mainOfficeCode: null, memberType: 1 }],
    });
  });

  it('refuses URLs that are not http or https, an empty audience row and an unknown member type, by field', () => {
    const result = launcherApplicationWriteSchema.safeParse({
      ...valid,
      url: 'javascript:alert(1)',
      iconUrl: 'data:image/png;base64,AAAA',
      audience: [{ mainOfficeCode: '' }, { memberType: 0 }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'audience.0.aorId',
      'audience.1.memberType',
      'iconUrl',
      'url',
    ]);
  });

  it('accepts a site path as icon and no audience (every member)', () => {
    const parsed = launcherApplicationWriteSchema.parse({ ...valid, iconUrl: '/icons/lockbox.svg', audience: [] });
    expect(parsed.iconUrl).toBe('/icons/lockbox.svg');
    expect(parsed.audience).toEqual([]);
  });
});
