import { describe, expect, it } from 'vitest';
import { popoverIconKind } from '../contracts/system-notifications';
import { articleAudience, defaultArticleCategory, isArticleLive, isArticlePromoted } from './articles';

const now = new Date('2026-11-23T10:00:00Z');
const base = { status: 'Published', publishOn: '2026-11-01T00:00:00Z', expiresOn: null, promoteOn: null, promoteEnd: null };

describe('article rules', () => {
  it('brokers read their office, others their association', () => {
    expect(articleAudience({ isBroker: true, officeCode: 'OC101', mainOfficeCode: 'OC100', aorId: 3 })).toEqual({
      kind: 'office',
      officeCodes: ['OC101', 'OC100'],
    });
    expect(articleAudience({ isBroker: false, officeCode: 'OC101', mainOfficeCode: 'OC100', aorId: 3 })).toEqual({
      kind: 'association',
      aorId: 3,
    });
    expect(defaultArticleCategory({ isBroker: true })).toBe(1);
    expect(defaultArticleCategory({ isBroker: false })).toBe(10);
  });
  it('only published, unexpired articles are live', () => {
    expect(isArticleLive(base, now)).toBe(true);
    expect(isArticleLive({ ...base, status: 'Draft' }, now)).toBe(false);
    expect(isArticleLive({ ...base, publishOn: '2026-12-01T00:00:00Z' }, now)).toBe(false);
    expect(isArticleLive({ ...base, expiresOn: '2026-11-23T09:59:59Z' }, now)).toBe(false);
  });
  it('promoted only between promoteOn and promoteEnd', () => {
    expect(isArticlePromoted(base, now)).toBe(false);
    expect(isArticlePromoted({ ...base, promoteOn: '2026-11-20T00:00:00Z', promoteEnd: '2026-11-30T00:00:00Z' }, now)).toBe(true);
    expect(isArticlePromoted({ ...base, promoteOn: '2026-11-20T00:00:00Z', promoteEnd: '2026-11-22T00:00:00Z' }, now)).toBe(false);
    expect(isArticlePromoted({ ...base, promoteOn: '2026-11-24T00:00:00Z', promoteEnd: null }, now)).toBe(false);
    expect(isArticlePromoted({ ...base, status: 'Draft', promoteOn: '2026-11-20T00:00:00Z' }, now)).toBe(false);
  });
  it('popover icon by status id', () => {
    expect([1, 2, 3, 4, 9].map(popoverIconKind)).toEqual(['info', 'warning', 'error', 'success', 'success']);
  });
});
