import { NEW_APP_WINDOW_DAYS } from '../constants';
import type { AudienceApplication, GenericContainer, Kpi } from '../contracts/dashboard';
import { APPLICATION_CATEGORIES, type ApplicationCategory, KPI_EXCLUDED_SYSTEMS } from './dashboard-messages';

type Bag = Record<string, unknown>;
const DAY_MS = 86_400_000;

/**
 * Where a launcher tile opens (decision 0988): a SAML application through Portico's IdP-initiated launch, so the
 * member lands signed in; any other its URL as before (null: the URL is missing).
 */
export function launchHref(app: Pick<AudienceApplication, 'id' | 'url' | 'protocol'>): string | null {
  if (app.protocol === 'saml') return `/saml/launch/${app.id}`;
  return app.url;
}

/** An application is new when it was created within the last 30 days (seed 000 section 9). */
export function isNewApplication(createdOn: Date | string, now: Date = new Date()): boolean {
  const created = typeof createdOn === 'string' ? new Date(createdOn) : createdOn;
  const age = now.getTime() - created.getTime();
  return age >= 0 && age <= NEW_APP_WINDOW_DAYS * DAY_MS;
}

export type KpiDirection = 'up' | 'down' | 'flat';

/** Up or down from a leading + or - on changeMeasure; anything else is flat. */
export function kpiDirection(changeMeasure: string | null | undefined): KpiDirection {
  const text = (changeMeasure ?? '').trim();
  if (text.startsWith('+')) return 'up';
  if (text.startsWith('-') || text.startsWith('\u2212')) return 'down';
  return 'flat';
}

/** The percentage change as the cards show it: '+4.2%', '-3.0%', '0.0%'; '' when there is nothing to compare. */
export function formatChange(current: number | null, previous: number | null): string {
  if (current === null || previous === null || !Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return '';
  const pct = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(pct * 10) / 10;
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}%`;
}

/** Members of SWLAR do not get the Market Statistics section (seed 000 section 2). */
export function canSeeKpis(viewer: { originatingSystemId: string | null }): boolean {
  return !(KPI_EXCLUDED_SYSTEMS as readonly string[]).includes((viewer.originatingSystemId ?? '').toUpperCase());
}

export interface ArrangedSection {
  container: GenericContainer;
  key: string;
  show: boolean;
  collapsed: boolean;
  locked: boolean;
  order: number;
  isPending: boolean;
}

const bool = (bag: Bag, key: string, fallback: boolean) => (typeof bag[key] === 'boolean' ? (bag[key] as boolean) : fallback);
const num = (bag: Bag, key: string) => (typeof bag[key] === 'number' ? (bag[key] as number) : null);

/**
 * The sections in the member's order, with show/collapsed/locked from the profile bag. Pending sections reach
 * admins only; sections the member never ordered keep the server's viewOrder after the ordered ones.
 */
export function arrangeSections(
  containers: GenericContainer[],
  bag: Bag,
  options: { isAdmin: boolean; excluded?: string[] },
): ArrangedSection[] {
  return containers
    .filter((c) => (c.status !== 'Pending' || options.isAdmin) && !(options.excluded ?? []).includes(c.key))
    .map((c) => {
      const prefix = `dashboardSettings.${c.key}`;
      return {
        container: c,
        key: c.key,
        show: bool(bag, `${prefix}.show`, true),
        collapsed: bool(bag, `${prefix}.collapsed`, false),
        locked: bool(bag, `${prefix}.locked`, false),
        order: num(bag, `${prefix}.order`) ?? 1000 + c.viewOrder,
        isPending: c.status === 'Pending',
      };
    })
    .sort((a, b) => a.order - b.order || a.container.viewOrder - b.container.viewOrder);
}

/** Moves one key to another's place; answers the new order as profile-bag changes (`{prefix}.{key}.order`). */
export function reorderKeys(
  keys: string[],
  from: string,
  to: string,
  prefix = 'dashboardSettings',
): { keys: string[]; changes: Record<string, number> } {
  const fromIndex = keys.indexOf(from);
  const toIndex = keys.indexOf(to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return { keys, changes: {} };
  const next = [...keys];
  next.splice(fromIndex, 1);
  next.splice(toIndex, 0, from);
  return { keys: next, changes: Object.fromEntries(next.map((k, i) => [`${prefix}.${k}.order`, i])) };
}

/** Locked sections keep their place: a move that would shift a locked section is refused. */
export function canMove(keys: string[], from: string, to: string, locked: ReadonlySet<string>): boolean {
  const a = keys.indexOf(from);
  const b = keys.indexOf(to);
  if (a < 0 || b < 0 || locked.has(from)) return false;
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return !keys.slice(lo, hi + 1).some((k) => k !== from && locked.has(k));
}

/** Favourites first (in the order they were chosen), then by name. */
export function sortApplications<T extends Pick<AudienceApplication, 'id' | 'name'>>(apps: T[], favorites: Array<number | string>): T[] {
  const rank = new Map(favorites.map((id, i) => [String(id), i]));
  return [...apps].sort((a, b) => {
    const ra = rank.get(String(a.id));
    const rb = rank.get(String(b.id));
    if (ra !== undefined || rb !== undefined) return (ra ?? Number.MAX_SAFE_INTEGER) - (rb ?? Number.MAX_SAFE_INTEGER);
    return a.name.localeCompare(b.name);
  });
}

/** Grouped by applicationCategory in the seed's order (member, aor, broker, marketplace); empty groups left out. */
export function groupApplications<T extends Pick<AudienceApplication, 'applicationCategory'>>(
  apps: T[],
): Array<{ category: ApplicationCategory; apps: T[] }> {
  return APPLICATION_CATEGORIES.map((category) => ({ category, apps: apps.filter((a) => a.applicationCategory === category) })).filter(
    (g) => g.apps.length > 0,
  );
}

export interface ArrangedKpi {
  kpi: Kpi;
  show: boolean;
  order: number;
}

/** Show and order per KPI from `dashboardSettings.kpis.{id}.show/order`; unordered ones keep their viewOrder. */
export function arrangeKpis(kpis: Kpi[], bag: Bag): ArrangedKpi[] {
  return kpis
    .map((kpi) => {
      const prefix = `dashboardSettings.kpis.${kpi.kpiDefinitionID}`;
      return { kpi, show: bool(bag, `${prefix}.show`, true), order: num(bag, `${prefix}.order`) ?? 1000 + kpi.viewOrder };
    })
    .sort((a, b) => a.order - b.order || a.kpi.viewOrder - b.kpi.viewOrder);
}

export type ApplicationsView = 'icon' | 'card';
export function applicationsView(bag: Bag): ApplicationsView {
  return bag['dashboardSettings.applications.view'] === 'card' ? 'card' : 'icon';
}
