import type { Viewer } from './viewer';

/** Publishing the EULA and seeing who accepted it: MLS staff and admins (level 5), for the whole MLS. */
export const canManageEula = (viewer: Viewer): boolean => viewer.level >= 5;

/** Seed 002 §5 and §8: the EULA's messages. */
export const EULA_MESSAGES = {
  nameMismatch: 'Please type your name as it appears',
  accepted: 'EULA Accepted',
  acceptanceRequired: 'Please read and accept the End User License Agreement to continue.',
  loadFailed: 'There was a problem loading the EULA Agreement. Please close this modal and contact support.',
  notCurrent: 'A newer agreement has been published. Please review it and accept again.',
  onlyEula: 'Only EULA acknowledgements are recorded here.',
  notYours: 'You may only accept the agreement for yourself.',
  titleRequired: 'Title Required',
  titleLength: 'The title must be 5 to 200 characters',
  contentRequired: 'Agreement Text Required',
  adminTab: 'EULA',
  published: 'The new EULA version is published: every member accepts it at their next visit.',
  publishFailed: 'There was a problem publishing the EULA. ',
  declinedTitle: 'You declined the End User License Agreement',
  declined: 'You have been signed out. The portal asks for the agreement again the next time you sign in.',
} as const;

/** The reason the signed-out page is given when a member declined the agreement (issue 28). */
export const EULA_DECLINED_REASON = 'eula-declined';

const normalised = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The name a member must type to accept: their name as the agreement screen shows it. */
export function eulaSignatureName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim().replace(/\s+/g, ' ');
}

/** The typed signature matches the member's name, ignoring letter case and extra spaces (seed 002 §5). */
export function eulaSignatureMatches(typed: string, firstName: string, lastName: string): boolean {
  return normalised(typed) !== '' && normalised(typed) === normalised(eulaSignatureName(firstName, lastName));
}

/**
 * The agreement's body without a leading heading that repeats its title, so that a screen showing the title shows
 * it once.
 */
export function eulaBodyWithoutTitle(html: string, title: string): string {
  const match = /^\s*<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(html);
  if (!match) return html;
  const heading = match[1].replace(/<[^>]+>/g, '');
  return normalised(heading) === normalised(title) ? html.slice(match[0].length).trimStart() : html;
}

/** The acceptance time as the View EULA screen shows it: always in UTC, e.g. `01/15/2026 04:00 PM UTC`. */
export function formatEulaTimeUtc(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = d.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(h12)}:${pad(d.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}
