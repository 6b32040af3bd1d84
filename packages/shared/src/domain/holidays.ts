import Holidays from 'date-holidays';

/**
 * The MLS's holidays from `date-holidays` (decision 1045): the US federal public holidays, plus the public holidays
 * of one state when the MLS names one, on their observed days (a Saturday holiday is observed on the Friday before,
 * a Sunday one on the Monday after; the library lists both the day and its substitute, and both are closed).
 *
 * Not exported from the package's index: the library carries every country's rules (about 800 KB), so only the
 * server imports it (`@portico/shared/holidays`) and sends the browser the days it needs.
 */

export interface HolidayDay {
  date: string;
  name: string;
}

/** The US states (and DC) the library knows, by code: what the holiday state setting accepts. */
export const US_HOLIDAY_STATES: Readonly<Record<string, string>> = Object.freeze(new Holidays().getStates('US') as Record<string, string>);

const cache = new Map<string, HolidayDay[]>();

function publicDays(state: string | null, year: number): HolidayDay[] {
  const library = state ? new Holidays('US', state, { types: ['public'] }) : new Holidays('US', { types: ['public'] });
  const found = library.getHolidays(year) || [];
  return found.map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
}

/** The closed holidays of one year (observed days included), federal plus the state's own, by date then name. */
export function usHolidays(year: number, state: string | null = null): HolidayDay[] {
  const key = `${year}:${state ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const byDate = new Map<string, HolidayDay>();
  for (const day of [...publicDays(null, year), ...(state ? publicDays(state, year) : [])]) {
    const same = byDate.get(day.date);
    if (!same) byDate.set(day.date, day);
    else if (!same.name.split(' / ').includes(day.name)) byDate.set(day.date, { date: day.date, name: `${same.name} / ${day.name}` });
  }
  const days = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  cache.set(key, days);
  return days;
}

/** The holidays of several years (inclusive), e.g. the year before and the two after today's. */
export function usHolidaysBetween(fromYear: number, toYear: number, state: string | null = null): HolidayDay[] {
  const all: HolidayDay[] = [];
  for (let year = fromYear; year <= toYear; year += 1) all.push(...usHolidays(year, state));
  return [...new Map(all.map((d) => [d.date, d])).values()];
}
