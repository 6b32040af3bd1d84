import { clocksDiffer, formatDateIn, formatDateTimeIn, formatTimeIn, zoneAbbreviation } from '@portico/shared';
import { useMlsZone } from '../../core/member';

/**
 * Seed 002 section 9 formats, MM/DD/YYYY and hh:mm A, on the wall clock of the MLS's (or the association's) time
 * zone (decision 0969): a class at 9:00 in California reads 9:00 in every browser.
 */
export const formatDateTime = (iso: string, zone: string) => formatDateTimeIn(zone, iso);
export const formatDate = (iso: string, zone: string) => formatDateIn(zone, iso);
export const formatTime = (iso: string, zone: string) => formatTimeIn(zone, iso);

/** The browser's own zone: only to tell the member whose clock a time is on, never for a rule (decision 0969). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** ' PST' after a time where the member's own clock reads otherwise than the zone's at that instant, else ''. */
export function zoneMark(zone: string, iso: string, own: string = browserZone()): string {
  return clocksDiffer(zone, own, iso) ? ` ${zoneAbbreviation(zone, iso)}` : '';
}

export interface ClassTimes {
  zone: string;
  /** 'MM/DD/YYYY hh:mm A', with the zone's abbreviation where the member's clock differs (issue 28). */
  dateTime: (iso: string) => string;
  /** 'hh:mm A – hh:mm A', with the abbreviation once at the end where the member's clock differs. */
  range: (startIso: string, endIso: string) => string;
}

/** How the training screens write a class's times for the signed-in member (decision 1035). */
export function useClassTimes(): ClassTimes {
  const zone = useMlsZone();
  const own = browserZone();
  return {
    zone,
    dateTime: (iso) => `${formatDateTimeIn(zone, iso)}${zoneMark(zone, iso, own)}`,
    range: (startIso, endIso) => `${formatTimeIn(zone, startIso)} – ${formatTimeIn(zone, endIso)}${zoneMark(zone, startIso, own)}`,
  };
}
