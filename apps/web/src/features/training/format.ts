import { formatDateIn, formatDateTimeIn, formatTimeIn } from '@portico/shared';

/**
 * Seed 002 section 9 formats, MM/DD/YYYY and hh:mm A, on the wall clock of the MLS's (or the association's) time
 * zone (decision 0969): a class at 9:00 in California reads 9:00 in every browser.
 */
export const formatDateTime = (iso: string, zone: string) => formatDateTimeIn(zone, iso);
export const formatDate = (iso: string, zone: string) => formatDateIn(zone, iso);
export const formatTime = (iso: string, zone: string) => formatTimeIn(zone, iso);
