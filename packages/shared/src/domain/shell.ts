import { UNREAD_BADGE_CAP } from '../constants';
import { hourIn } from './mls-time';

/** Before 12 'Good morning', after 17 'Good evening', otherwise 'Good afternoon'. */
export function greetingFor(hour: number): 'Good morning' | 'Good afternoon' | 'Good evening' {
  if (hour < 12) return 'Good morning';
  if (hour >= 17) return 'Good evening';
  return 'Good afternoon';
}

/** The greeting by the hour of the MLS's (or the association's) time zone, not the browser's (decision 0969). */
export function greetingIn(zone: string, now: Date = new Date()): ReturnType<typeof greetingFor> {
  return greetingFor(hourIn(zone, now));
}

/** Unread counts show as a number, capped as '99+'; nothing when there is nothing unread. */
export function badgeCount(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** Tab slugs: lower-cased and hyphenated. */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The paths the menu list unlocks, compared without case and trailing slash. */
export function normalisePath(path: string): string {
  const p = path.trim().toLowerCase().replace(/\/+$/, '');
  return p === '' ? '/' : p;
}
