import { describe, expect, it } from 'vitest';
import type { GenericContainer, Kpi } from '../contracts/dashboard';
import {
  applicationsView,
  arrangeKpis,
  arrangeSections,
  canMove,
  canSeeKpis,
  formatChange,
  groupApplications,
  isNewApplication,
  kpiDirection,
  launchHref,
  reorderKeys,
  sortApplications,
} from './dashboard';

const container = (key: string, viewOrder: number, status: 'Active' | 'Pending' = 'Active'): GenericContainer => ({
  id: viewOrder,
  key,
  title: key,
  status,
  viewOrder,
  adTag: null,
});

describe('the new-application rule', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is new within 30 days, not after, never in the future', () => {
    expect(isNewApplication('2026-11-22T12:00:00Z', now)).toBe(true);
    expect(isNewApplication('2026-10-24T12:00:00Z', now)).toBe(true);
    expect(isNewApplication('2026-10-24T11:59:00Z', now)).toBe(false);
    expect(isNewApplication('2026-11-24T12:00:00Z', now)).toBe(false);
  });
});

describe('KPI change direction and format', () => {
  it('reads up or down from the leading sign', () => {
    expect(kpiDirection('+4.2%')).toBe('up');
    expect(kpiDirection('-3.0%')).toBe('down');
    expect(kpiDirection('0.0%')).toBe('flat');
    expect(kpiDirection('')).toBe('flat');
    expect(kpiDirection(null)).toBe('flat');
  });
  it('formats the change against the previous period', () => {
    expect(formatChange(110, 100)).toBe('+10.0%');
    expect(formatChange(97, 100)).toBe('-3.0%');
    expect(formatChange(100, 100)).toBe('0.0%');
    expect(formatChange(5, 0)).toBe('');
    expect(formatChange(null, 5)).toBe('');
  });
  it('keeps SWLAR out of market statistics', () => {
    expect(canSeeKpis({ originatingSystemId: 'SWLAR' })).toBe(false);
    expect(canSeeKpis({ originatingSystemId: 'swlar' })).toBe(false);
    expect(canSeeKpis({ originatingSystemId: 'CRM' })).toBe(true);
    expect(canSeeKpis({ originatingSystemId: null })).toBe(true);
  });
});

describe('section arrangement', () => {
  const containers = [container('applications', 1), container('kpis', 2), container('articles', 3), container('spotlight', 4, 'Pending')];
  it('hides pending sections from members and shows them to admins', () => {
    expect(arrangeSections(containers, {}, { isAdmin: false }).map((s) => s.key)).toEqual(['applications', 'kpis', 'articles']);
    const admin = arrangeSections(containers, {}, { isAdmin: true });
    expect(admin.map((s) => s.key)).toEqual(['applications', 'kpis', 'articles', 'spotlight']);
    expect(admin[3].isPending).toBe(true);
  });
  it('applies order, show, collapsed and locked from the bag, and leaves out excluded sections', () => {
    const bag = {
      'dashboardSettings.articles.order': 0,
      'dashboardSettings.kpis.order': 1,
      'dashboardSettings.applications.order': 2,
      'dashboardSettings.kpis.show': false,
      'dashboardSettings.articles.collapsed': true,
      'dashboardSettings.applications.locked': true,
    };
    const arranged = arrangeSections(containers, bag, { isAdmin: false });
    expect(arranged.map((s) => s.key)).toEqual(['articles', 'kpis', 'applications']);
    expect(arranged.map((s) => [s.show, s.collapsed, s.locked])).toEqual([
      [true, true, false],
      [false, false, false],
      [true, false, true],
    ]);
    expect(arrangeSections(containers, bag, { isAdmin: false, excluded: ['kpis'] }).map((s) => s.key)).toEqual([
      'articles',
      'applications',
    ]);
  });
  it('reorders and answers the bag changes', () => {
    const { keys, changes } = reorderKeys(['a', 'b', 'c'], 'c', 'a');
    expect(keys).toEqual(['c', 'a', 'b']);
    expect(changes).toEqual({ 'dashboardSettings.c.order': 0, 'dashboardSettings.a.order': 1, 'dashboardSettings.b.order': 2 });
    expect(reorderKeys(['a', 'b'], 'a', 'a').changes).toEqual({});
    expect(reorderKeys(['a', 'b'], 'a', 'x').changes).toEqual({});
  });
  it('refuses moves of or across a locked section', () => {
    const keys = ['a', 'b', 'c', 'd'];
    expect(canMove(keys, 'a', 'b', new Set())).toBe(true);
    expect(canMove(keys, 'b', 'a', new Set(['b']))).toBe(false);
    expect(canMove(keys, 'a', 'd', new Set(['c']))).toBe(false);
    expect(canMove(keys, 'a', 'b', new Set(['d']))).toBe(true);
  });
});

describe('the launcher', () => {
  const apps = [
    { id: 1, name: 'Zillow Tools', applicationCategory: 'marketplace' as const },
    { id: 2, name: 'Alpha', applicationCategory: 'member' as const },
    { id: 3, name: 'Broker Desk', applicationCategory: 'broker' as const },
    { id: 4, name: 'Beta', applicationCategory: 'member' as const },
  ];
  it('puts favourites first in their chosen order, then sorts by name', () => {
    expect(sortApplications(apps, [4, '1']).map((a) => a.id)).toEqual([4, 1, 2, 3]);
    expect(sortApplications(apps, []).map((a) => a.name)).toEqual(['Alpha', 'Beta', 'Broker Desk', 'Zillow Tools']);
  });
  it('groups by category in the seed order and leaves out empty ones', () => {
    expect(groupApplications(apps).map((g) => [g.category, g.apps.map((a) => a.id)])).toEqual([
      ['member', [2, 4]],
      ['broker', [3]],
      ['marketplace', [1]],
    ]);
  });
  it('defaults to the icon view', () => {
    expect(applicationsView({})).toBe('icon');
    expect(applicationsView({ 'dashboardSettings.applications.view': 'card' })).toBe('card');
  });
});

describe('KPI arrangement', () => {
  const kpi = (id: number, viewOrder: number): Kpi => ({
    kpiDefinitionID: id,
    code: `k${id}`,
    title: `K${id}`,
    description: '',
    measure: '1',
    changeMeasure: '',
    iconUrl: null,
    viewOrder,
    periodStart: '',
    periodEnd: '',
    trend: [],
  });
  it('orders and hides per KPI from the bag', () => {
    const arranged = arrangeKpis([kpi(1, 1), kpi(2, 2), kpi(3, 3)], {
      'dashboardSettings.kpis.3.order': 0,
      'dashboardSettings.kpis.1.show': false,
    });
    expect(arranged.map((k) => [k.kpi.kpiDefinitionID, k.show])).toEqual([
      [3, true],
      [1, false],
      [2, true],
    ]);
  });
});

describe('launchHref (decision 0988)', () => {
  it('opens a SAML application through the IdP-initiated launch, any other by its URL', () => {
    expect(launchHref({ id: 7, url: 'https://vendor.test/', protocol: 'saml' })).toBe('/saml/launch/7');
    expect(launchHref({ id: 7, url: null, protocol: 'saml' })).toBe('/saml/launch/7');
    expect(launchHref({ id: 7, url: 'https://vendor.test/', protocol: 'link' })).toBe('https://vendor.test/');
    expect(launchHref({ id: 7, url: null, protocol: 'link' })).toBeNull();
  });
});
