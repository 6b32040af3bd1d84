import { describe, expect, it } from 'vitest';
import { isImagePath, RESOURCE_MATERIALS_TEXTS as R, resourceMaterialsInputSchema } from '../contracts/admin';
import { ADMIN_MESSAGE_TEXTS } from '../contracts/system-notifications';
import { canEditResourceMaterials, resourceEditScopeOf, showsResourceMaterialsTab } from './admin';

const base = {
  isAdmin: false,
  level: 1 as 0 | 1 | 2 | 3 | 4 | 5,
  isBroker: false,
  isGsmls: false,
  isCrmlsAorAdmin: false,
  aorId: 7 as number | null,
  officeCode: 'OF1' as string | null,
  mainOfficeCode: 'OF1' as string | null,
};

describe('who edits resource materials (decision 0801)', () => {
  it('gives MLS staff every association, AOR admins theirs, brokers their office, and nobody else anything', () => {
    expect(resourceEditScopeOf({ ...base, level: 5, isAdmin: true })).toBe('mls');
    expect(resourceEditScopeOf({ ...base, level: 4, isAdmin: true, isCrmlsAorAdmin: true })).toBe('association');
    expect(resourceEditScopeOf({ ...base, level: 3, isBroker: true })).toBe('office');
    expect(resourceEditScopeOf({ ...base, level: 4 })).toBeNull(); // association staff without the AOR admin flag
    expect(resourceEditScopeOf({ ...base, level: 3 })).toBeNull(); // office manager or assistant
    expect(resourceEditScopeOf({ ...base, level: 1 })).toBeNull();
    expect(resourceEditScopeOf({ ...base, level: 3, isBroker: true, officeCode: null, mainOfficeCode: null })).toBeNull();
    expect(resourceEditScopeOf({ ...base, level: 4, isCrmlsAorAdmin: true, aorId: null })).toBeNull();
    expect(canEditResourceMaterials({ ...base, level: 3, isBroker: true, isGsmls: true })).toBe(false);
  });

  it('shows the tab with a url and a password, or to an editor, and never to GSMLS', () => {
    const full = { url: 'https://x.org', password: 'p' };
    expect(showsResourceMaterialsTab({ ...base, level: 3 }, full)).toBe(true);
    expect(showsResourceMaterialsTab({ ...base, level: 3 }, { url: 'https://x.org', password: '' })).toBe(false);
    expect(showsResourceMaterialsTab({ ...base, level: 3, isBroker: true }, null)).toBe(true);
    expect(showsResourceMaterialsTab({ ...base, level: 3, isBroker: true, isGsmls: true }, full)).toBe(false);
  });
});

describe('the resource materials schema', () => {
  const errorsOf = (input: unknown) => {
    const r = resourceMaterialsInputSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes http(s) urls with the admin message form’s url message, and site paths or urls as images', () => {
    expect(R.urlInvalid).toBe(ADMIN_MESSAGE_TEXTS.urlInvalid);
    expect(errorsOf({ url: 'example.org', password: 'x', infoUrl: 'mailto:a@b.org' })).toEqual({
      url: R.urlInvalid,
      infoUrl: R.urlInvalid,
    });
    expect(isImagePath('/admin/resource-materials.svg')).toBe(true);
    expect(isImagePath('https://cdn.example.org/a.png')).toBe(true);
    expect(isImagePath('//evil.org/a.png')).toBe(false);
    expect(isImagePath('javascript:alert(1)')).toBe(false);
    expect(isImagePath('/a b.png')).toBe(false);
  });

  it('requires a password when a url is given, keeps it as typed, and stores blanks as empty', () => {
    expect(errorsOf({ url: 'https://x.org', password: '  ' })).toEqual({ password: R.passwordRequired });
    expect(resourceMaterialsInputSchema.parse({ url: 'https://x.org', password: ' Ab1 ' })).toEqual({
      url: 'https://x.org',
      image: null,
      password: ' Ab1 ',
      infoUrl: null,
      infoImage: null,
    });
    expect(resourceMaterialsInputSchema.parse({ url: '', password: '', infoUrl: '' })).toMatchObject({
      url: null,
      password: '',
      infoUrl: null,
    });
    expect(errorsOf({ url: 'https://x.org', password: 'x'.repeat(101) })).toEqual({ password: R.passwordLength });
  });
});
