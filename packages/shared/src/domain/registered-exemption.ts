/**
 * The exemption a registered listing is kept off the MLS under, and its seller disclosure (issue 29 section 2,
 * decision 1050): the rules the wizard and the server share, counted on the MLS's business-day calendar (1045).
 */
import { addBusinessDays, type BusinessCalendar, type BusinessDeadline, businessDeadlineAfterDate } from './business-calendar';
import { EXEMPTION_KIND_LABELS, EXEMPTION_KINDS, type ExemptionKind } from './compliance';
import { formatDateUs } from './registered-format';

/** What a listing registered without a kind (before decision 1050, or by a client that sends none) reads as. */
export const DEFAULT_EXEMPTION_KIND: ExemptionKind = 'office-exclusive';

export const DISCLOSURE = {
  /** The largest seller disclosure, in bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** The multipart field the file comes in. */
  field: 'disclosure',
  /** Longest file name kept (the rest is cut, the extension follows the content). */
  maxNameLength: 120,
} as const;

/**
 * The types a seller disclosure may be, by what its bytes say (never by its name): a PDF, or a photo or scan of the
 * signed page. The extension the server stores it under follows the content.
 */
export const DISCLOSURE_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/tiff': 'tif',
} as const;
export type DisclosureType = keyof typeof DISCLOSURE_TYPES;

export const isDisclosureType = (mime: string | null | undefined): mime is DisclosureType =>
  !!mime && Object.hasOwn(DISCLOSURE_TYPES, mime);

/** What the file picker offers (the server checks the content whatever the picker let through). */
export const DISCLOSURE_ACCEPT = Object.keys(DISCLOSURE_TYPES).join(',');

export const EXEMPTION_MESSAGES = {
  exemptionKind: 'Exemption',
  exemptionKindHint: 'Why the listing is kept off the MLS: the exemptions the MLS accepts.',
  notAccepted: (kind: string) =>
    `The MLS does not accept ${EXEMPTION_KIND_LABELS[kind as ExemptionKind] ?? kind} listings: choose an exemption it accepts.`,
  noneAccepted: 'The MLS accepts no exemptions at the moment: the listing cannot be registered.',
  unknownKind: 'Choose an exemption.',
  mlsDueOn: (date: string) => `Must be in the MLS by ${formatDateUs(date)}`,
  mlsDueNeedsContract: 'Enter the listing contract date to see the date the listing must be in the MLS by.',
  mlsDueExplained: (days: number) =>
    `Delayed marketing lasts ${days} days from the listing contract date; a deadline on a weekend, a holiday or a closure moves to the next business day.`,
  disclosureTitle: 'Seller disclosure',
  disclosureIntro: (days: number) =>
    `The seller’s signed disclosure of the exemption (PDF or image, up to 10 MB), due ${days} business ${days === 1 ? 'day' : 'days'} after registration.`,
  disclosureDue: (when: string) => `Due by the end of ${when}.`,
  disclosureFiled: (name: string, when: string) => `${name}, filed ${when}.`,
  disclosureMissing: 'Disclosure missing',
  disclosureNone: 'No disclosure filed yet.',
  disclosureUpload: 'Upload disclosure',
  disclosureReplace: 'Replace disclosure',
  disclosureDownload: 'Download disclosure',
  disclosureUploaded: 'The seller disclosure is filed.',
  disclosureUploadFailed: 'The seller disclosure was not filed.',
  disclosureDownloadFailed: 'The seller disclosure could not be downloaded.',
  disclosureClear: 'Remove the chosen disclosure file',
  // Field errors (field `disclosure`).
  disclosureRequired: 'Choose the seller disclosure file to upload.',
  disclosureWrongType: 'The seller disclosure must be a PDF or an image (JPEG, PNG, WebP, HEIC or TIFF); this file is not one.',
  disclosureTooLarge: 'The seller disclosure may be at most 10 MB.',
  disclosureNotFound: 'No seller disclosure is filed for this listing.',
  sendAsMultipart: 'Send the seller disclosure as multipart/form-data.',
} as const;

/** The field error of an exemption kind the MLS does not accept (null when it does). */
export function exemptionKindIssue(kind: string, accepted: readonly ExemptionKind[]): string | null {
  if (!(EXEMPTION_KINDS as readonly string[]).includes(kind)) return EXEMPTION_MESSAGES.unknownKind;
  if (accepted.length === 0) return EXEMPTION_MESSAGES.noneAccepted;
  return accepted.includes(kind as ExemptionKind) ? null : EXEMPTION_MESSAGES.notAccepted(kind);
}

/**
 * The last day a delayed-marketing listing may stay off the MLS: `days` calendar days after its listing contract
 * date, moved to the next business day when that day is a weekend, a holiday or a closure. Null for office
 * exclusive, without a contract date, or when the MLS's period is 0 (delayed marketing off).
 */
export function mlsDueDate(
  calendar: BusinessCalendar,
  kind: string | null | undefined,
  contractDate: string | null | undefined,
  days: number,
): BusinessDeadline | null {
  if (kind !== 'delayed-marketing' || !contractDate || !/^\d{4}-\d{2}-\d{2}$/.test(contractDate) || days <= 0) return null;
  const end = new Date(Date.parse(`${contractDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  // n = 0: the day itself when it is a business day, else the next one (decision 1045).
  return businessDeadlineAfterDate(calendar, end, 0);
}

/** The seller disclosure's deadline: the end of the Nth business day after the moment the listing was registered. */
export function disclosureDeadline(calendar: BusinessCalendar, registeredAt: Date | string, businessDays: number): BusinessDeadline {
  return addBusinessDays(calendar, registeredAt, businessDays);
}

/** 'Disclosure missing': none filed and its deadline has passed (a listing registered before 1050 has no deadline). */
export function isDisclosureMissing(
  facts: { disclosureDueAt: string | Date | null; disclosureFiledOn: string | Date | null },
  now: Date = new Date(),
): boolean {
  if (facts.disclosureFiledOn || !facts.disclosureDueAt) return false;
  return new Date(facts.disclosureDueAt).getTime() <= now.getTime();
}
