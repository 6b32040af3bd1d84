/**
 * Registered listings (seed 001): constants, statuses, property types and the read-only rule, written once for
 * the server, the web app and the tests. Dates are calendar dates as 'YYYY-MM-DD' text.
 */
import { todayIn } from './mls-time';

/** Seed 001 section 9. */
export const REGISTERED = {
  readOnlyDaysAfterExpiration: 7,
  minListPrice: 1,
  /** list_price is numeric(14, 2); the wizard shows whole dollars, so a price is whole dollars below 10^12. */
  listPricePrecision: 14,
  defaultPageSize: 10,
  bulkFetchSize: 10_000,
  expiryNoticeDaysBefore: 10,
  debounceAddressSearchMs: 1_000,
  agentSearchLimit: 10,
  addressSearchLimit: 8,
  popoverErrorMs: 5_000,
  popoverSaveFailedMs: 5_500,
  popoverFormErrorsMs: 6_000,
  popoverSentMs: 8_000,
  popoverUpdatedMs: 2_500,
  popoverCancelledMs: 5_000,
  lookupTypeCity: 8,
  lookupTypeCounty: 3,
  debounceLookupMs: 300,
} as const;

/** standardStatus codes (docs/decisions/0200-registered-statuses.md). */
export const STANDARD_STATUS = {
  registered: 'A',
  sentToMls: 'S',
  expired: 'K',
  cancelled: 'C',
  deleted: 'Z',
} as const;
export type StandardStatus = (typeof STANDARD_STATUS)[keyof typeof STANDARD_STATUS];

export const REGISTERED_STATUSES = ['Sent to MLS', 'Expired', 'Incomplete', 'Cancelled'] as const;
export type RegisteredStatus = (typeof REGISTERED_STATUSES)[number];

/** The one mapping from standardStatus to the label shown; Z (deleted) has none because it is never shown. */
export const REGISTERED_STATUS_BY_CODE: Record<Exclude<StandardStatus, 'Z'>, RegisteredStatus> = {
  A: 'Incomplete',
  S: 'Sent to MLS',
  K: 'Expired',
  C: 'Cancelled',
};

export function registeredStatusOf(standardStatus: string | null | undefined): RegisteredStatus | null {
  return REGISTERED_STATUS_BY_CODE[(standardStatus ?? 'A') as Exclude<StandardStatus, 'Z'>] ?? null;
}

export const PROPERTY_TYPES = [
  { code: 'Resi', label: 'Residential' },
  { code: 'Land', label: 'Land' },
  { code: 'Rinc', label: 'Residential Income' },
  { code: 'Rlse', label: 'Residential Lease' },
  { code: 'Manu', label: 'Manufactured in Park' },
  { code: 'Comm', label: 'Commercial Sale' },
  { code: 'Clse', label: 'Commercial Lease' },
  { code: 'Busop', label: 'Business Opportunity' },
] as const;
export type PropertyTypeCode = (typeof PROPERTY_TYPES)[number]['code'];
export const PROPERTY_TYPE_CODES = PROPERTY_TYPES.map((t) => t.code) as [PropertyTypeCode, ...PropertyTypeCode[]];

/** Offered only when the listing id starts with AA or is empty. */
export const RESTRICTED_PROPERTY_TYPES: readonly PropertyTypeCode[] = ['Manu', 'Comm', 'Clse', 'Busop'];
export const OPEN_LISTING_ID_PREFIX = 'AA';

export function isOpenListingId(listingId: string | null | undefined): boolean {
  return !listingId || listingId.toUpperCase().startsWith(OPEN_LISTING_ID_PREFIX);
}

/** The property types a listing may choose; for other listing ids the select is disabled (docs/decisions). */
export function propertyTypesFor(listingId: string | null | undefined) {
  return isOpenListingId(listingId) ? PROPERTY_TYPES : PROPERTY_TYPES.filter((t) => !RESTRICTED_PROPERTY_TYPES.includes(t.code));
}

export const INVALID_PROPERTY_TYPE = 'Invalid property type';

/** A label to its code; an unknown label is an error. */
export function propertyTypeCodeOf(label: string): PropertyTypeCode {
  const found = PROPERTY_TYPES.find((t) => t.label.toLowerCase() === label.trim().toLowerCase());
  if (!found) throw new Error(INVALID_PROPERTY_TYPE);
  return found.code;
}

export function propertyTypeLabelOf(code: string | null | undefined): string {
  return PROPERTY_TYPES.find((t) => t.code === code)?.label ?? '';
}

export const STATE_OPTIONS = [
  { value: 'CA', label: 'California' },
  { value: 'LA', label: 'Louisiana' },
] as const;
export const STATE_CODES = ['CA', 'LA'] as const;

/**
 * Today as a calendar date ('YYYY-MM-DD') in the MLS's (or the association's) time zone, never the zone of the
 * process or browser that asks (decision 0969).
 */
export function todayIso(zone: string, now: Date = new Date()): string {
  return todayIn(zone, now);
}

const dayNumber = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * 86_400_000).toISOString().slice(0, 10);
}

export interface ReadOnlyFacts {
  cancellationDate?: string | null;
  promotedMlsId?: string | null;
  promotedDate?: string | null;
  expirationDate?: string | null;
}

/** More than 7 days past the expiration date: 7 days after is still editable, the 8th is not. */
export function isPastExpiryWindow(expirationDate: string | null | undefined, today: string): boolean {
  return !!expirationDate && daysBetween(expirationDate, today) > REGISTERED.readOnlyDaysAfterExpiration;
}

/** Seed 001 section 4: a read-only listing opens in the summary view and takes no more edits. */
export function isRegisteredReadOnly(listing: ReadOnlyFacts, today: string): boolean {
  return !!listing.cancellationDate || !!listing.promotedMlsId || isPastExpiryWindow(listing.expirationDate, today);
}

/** Member types 4 (Office Assistant) and 5 (Personal Assistant). */
export const REGISTERED_ASSISTANT_TYPES: readonly number[] = [4, 5];

/** Assistants may not register listings: they could never see them afterwards (the server refuses them too). */
export function mayRegisterListings(viewer: { memberType: number }): boolean {
  return !REGISTERED_ASSISTANT_TYPES.includes(viewer.memberType);
}

/** A new listing whose expiration date is already past the 7-day window would be read-only once saved. */
export function wouldBeReadOnlyOnSave(expirationDate: string | null | undefined, today: string): boolean {
  return !!expirationDate && /^\d{4}-\d{2}-\d{2}$/.test(expirationDate) && isPastExpiryWindow(expirationDate, today);
}

/** Send to MLS and Cancel are disabled by the read-only rule, and also once a promotedDate exists. */
export function isRegisteredActionable(listing: ReadOnlyFacts, today: string): boolean {
  return !isRegisteredReadOnly(listing, today) && !listing.promotedDate;
}

/** Status Date column: which date a status shows. */
export function statusDateOf(listing: {
  standardStatus: string;
  promotedDate?: string | null;
  expirationDate?: string | null;
  cancellationDate?: string | null;
  createdOn: string;
}): string {
  switch (registeredStatusOf(listing.standardStatus)) {
    case 'Sent to MLS':
      return listing.promotedDate ?? listing.createdOn;
    case 'Expired':
      return listing.expirationDate ?? listing.createdOn;
    case 'Cancelled':
      return listing.cancellationDate ?? listing.createdOn;
    default:
      return listing.createdOn;
  }
}
