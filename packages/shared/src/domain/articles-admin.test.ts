import { describe, expect, it } from 'vitest';
import { articleCreateSchema, articleDateIssues, articleUpdateSchema, htmlHasContent } from '../contracts/articles';
import {
  adminArticlesPageSize,
  articleAdminScope,
  articleExpiryState,
  canManageArticles,
  ARTICLE_ADMIN_MESSAGES as M,
  newArticleCriteria,
} from './articles-admin';
import { toViewer, type ViewerSource } from './viewer';

const now = new Date('2026-11-23T10:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
const source: ViewerSource = {
  memberId: 1,
  loginId: 'x',
  userClass: 'AG',
  officeId: 7,
  officeCode: 'OC100',
  mainOfficeCode: 'OC100',
  aorId: 3,
  aorShortName: 'OC',
  originatingSystemId: 'CRM',
  isCrmlsAdmin: false,
  isCrmlsAorAdmin: false,
  isCrmlsOfficeAdmin: false,
};
const viewer = (over: Partial<ViewerSource>) => toViewer({ ...source, ...over })!;

describe('Articles tab rules', () => {
  it('expiry colours: expired, within 5 days, later, none', () => {
    expect(articleExpiryState(at(-0.01), now)).toBe('expired');
    expect(articleExpiryState(at(4.9), now)).toBe('soon');
    expect(articleExpiryState(at(5.1), now)).toBe('ok');
    expect(articleExpiryState(null, now)).toBe('none');
  });

  it('scopes: brokers their office, association staff their association, MLS staff all; agents and GSMLS none', () => {
    expect(articleAdminScope(viewer({ userClass: 'CB' }))).toEqual({ kind: 'office', mainOfficeCode: 'OC100' });
    // A branch's broker manages the firm's articles: those of the main office and its branches.
    expect(articleAdminScope(viewer({ userClass: 'CB', officeCode: 'OC101' }))).toEqual({ kind: 'office', mainOfficeCode: 'OC100' });
    expect(articleAdminScope(viewer({ userClass: 'BANGM' }))).toEqual({ kind: 'association', aorId: 3 });
    expect(articleAdminScope(viewer({ userClass: 'BANGP' }))).toEqual({ kind: 'all' });
    expect(articleAdminScope(viewer({ userClass: 'AG' }))).toBeNull();
    expect(canManageArticles(viewer({ userClass: 'AG' }))).toBe(false);
    expect(canManageArticles(viewer({ userClass: 'BANGM', aorShortName: 'GSM' }))).toBe(false);
    expect(articleAdminScope(viewer({ userClass: 'BANGM', aorId: null }))).toBeNull();
    expect(newArticleCriteria(viewer({ userClass: 'CB' }))).toEqual([{ field: 'officeCode', op: 'Equal', values: ['OC100'] }]);
    expect(newArticleCriteria(viewer({ userClass: 'BANGP' }))).toEqual([{ field: 'aorId', op: 'Equal', values: [3] }]);
    expect(newArticleCriteria(viewer({ userClass: 'BANGP', aorId: null }))).toBeNull();
    expect(articleAdminScope(viewer({ userClass: 'CB', officeCode: null, mainOfficeCode: null }))).toBeNull();
  });

  it("page size: the member's choice, else the admin profile's, else 10", () => {
    expect(adminArticlesPageSize({ 'profile.pageSize': 25 }, 10)).toBe(25);
    expect(adminArticlesPageSize({ 'profile.pageSize': 7 }, 10)).toBe(10);
    expect(adminArticlesPageSize({}, 50)).toBe(50);
    expect(adminArticlesPageSize({})).toBe(10);
  });

  it('date rules of a new article', () => {
    const dates = { publishOn: at(0), expiresOn: at(10), promoteOn: null, promoteEnd: null };
    expect(articleDateIssues(dates, { isNew: true, now })).toEqual([]);
    expect(articleDateIssues({ ...dates, publishOn: at(-1) }, { isNew: true, now })).toEqual([
      { path: 'publishOn', message: M.publishOnFuture },
    ]);
    expect(articleDateIssues({ ...dates, expiresOn: at(0) }, { isNew: true, now })).toEqual([
      { path: 'expiresOn', message: M.expiresAfterPublish },
    ]);
    expect(articleDateIssues({ ...dates, promoteOn: at(-0.5) }, { isNew: true, now })).toEqual([
      { path: 'promoteOn', message: M.promoteOnAfterPublish },
    ]);
    expect(articleDateIssues({ ...dates, promoteOn: at(2), promoteEnd: at(1) }, { isNew: true, now })).toEqual([
      { path: 'promoteEnd', message: M.promoteEndAfterPromoteOn },
    ]);
    expect(articleDateIssues({ ...dates, publishOn: 'soon' }, { isNew: true, now })).toEqual([
      { path: 'publishOn', message: M.invalidDate },
    ]);
  });

  it('an edited article keeps an unchanged past date, but a changed date may not lie in the past', () => {
    const stored = { publishOn: at(-30), expiresOn: at(-2), promoteOn: null, promoteEnd: null };
    expect(articleDateIssues({ ...stored, expiresOn: at(3) }, { isNew: false, now, stored })).toEqual([]);
    expect(articleDateIssues({ ...stored, expiresOn: at(-1) }, { isNew: false, now, stored })).toEqual([
      { path: 'expiresOn', message: M.notBeforeNow('Expires On') },
    ]);
  });

  it('the schemas report field and date problems together; an empty body is no body', () => {
    const result = articleCreateSchema({ now }).safeParse({ title: '', content: '<p><br></p>', publishOn: at(1), expiresOn: at(0) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ title: M.titleRequired, content: M.bodyRequired, expiresOn: M.expiresAfterPublish });
    expect(htmlHasContent('<p><img src="/files/a.png"></p>')).toBe(true);
    const ok = articleUpdateSchema({ now }).safeParse({
      title: 'Valid title',
      content: '<p>x</p>',
      publishOn: at(0),
      expiresOn: '2099-12-31T00:00:00Z',
    });
    expect(ok.success).toBe(true);
  });
});
