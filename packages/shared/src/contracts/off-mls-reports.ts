import { z } from 'zod';
import { id, isCalendarDate, text } from './input';
import { REPORT_MESSAGES, REPORT_TEXT_MAX } from './reports';

/**
 * 'Listing marketed but not in the MLS' (issue 29 section 3, decision 1093): `POST Reports/CreateOffMlsReport`,
 * multipart: the field `report` (JSON, below) and up to five `evidence` files (photos, screenshots or PDFs).
 */
export const REPORT_REASON_KINDS = ['standard', 'off-mls'] as const;
export type ReportReasonKind = (typeof REPORT_REASON_KINDS)[number];

export const OFF_MLS_SEEN_WHERE = ['Yard sign', 'Website', 'Social media', 'E-mail to several brokers', 'Other'] as const;
export type OffMlsSeenWhere = (typeof OFF_MLS_SEEN_WHERE)[number];

export const EVIDENCE = {
  /** The multipart fields: the report's JSON, then the files. */
  reportField: 'report',
  field: 'evidence',
  maxFiles: 5,
  /** The largest evidence file, in bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  maxNameLength: 120,
} as const;

/** What evidence may be, read from the content (never the name): images and PDF, with the extension kept. */
export const EVIDENCE_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/gif': 'gif',
} as const;
export type EvidenceType = keyof typeof EVIDENCE_TYPES;
export const isEvidenceType = (mime: string | undefined): mime is EvidenceType => !!mime && Object.hasOwn(EVIDENCE_TYPES, mime);

export const OFF_MLS_MESSAGES = {
  intro: 'Tell us where the property is, when and where you saw it marketed, and add photos or screenshots if you have them.',
  streetNumberRequired: 'Enter the street number.',
  streetNameRequired: 'Enter the street name.',
  cityRequired: 'Enter the city.',
  postalCodeRequired: 'Enter the 5-digit ZIP code.',
  seenOnRequired: 'Enter the date you first saw it marketed.',
  seenOnFuture: 'The date first seen cannot be in the future.',
  seenWhereRequired: 'Choose where you saw it.',
  evidenceLabel: 'Evidence (photos, screenshots or PDF; up to 5 files of 10 MB)',
  evidenceWrongType: 'Evidence must be a photo, a screenshot or a PDF.',
  evidenceTooLarge: 'Each evidence file may be at most 10 MB.',
  evidenceTooMany: 'Add at most 5 evidence files.',
  sendAsMultipart: 'Send the report as multipart form data with the field report.',
  reasonNotOffMls: 'This reason is not for a listing marketed outside the MLS.',
  evidenceNotFound: 'That evidence file was not found.',
  submitHint: 'Choose the reason, give the address, when and where you saw it, and describe it.',
} as const;

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

/** The report's JSON part. `seenOn` is checked against the MLS's today on the server. */
export const offMlsReportSchema = z.object({
  reportReasonId: id(REPORT_MESSAGES.reasonRequired),
  streetNumber: required(OFF_MLS_MESSAGES.streetNumberRequired, 12).regex(/^\d[\dA-Za-z-]*$/, OFF_MLS_MESSAGES.streetNumberRequired),
  streetName: required(OFF_MLS_MESSAGES.streetNameRequired, 80),
  unit: text(20).trim().optional(),
  city: required(OFF_MLS_MESSAGES.cityRequired, 60),
  postalCode: z
    .string({ error: OFF_MLS_MESSAGES.postalCodeRequired })
    .trim()
    .regex(/^\d{5}$/, OFF_MLS_MESSAGES.postalCodeRequired),
  seenOn: z
    .string({ error: OFF_MLS_MESSAGES.seenOnRequired })
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isCalendarDate(s), OFF_MLS_MESSAGES.seenOnRequired),
  seenWhere: z.enum(OFF_MLS_SEEN_WHERE, { error: OFF_MLS_MESSAGES.seenWhereRequired }),
  text: z.string({ error: REPORT_MESSAGES.descriptionRequired }).trim().min(1, REPORT_MESSAGES.descriptionRequired).max(REPORT_TEXT_MAX),
});
export type OffMlsReportInput = z.input<typeof offMlsReportSchema>;

/** The one-line address a report gives, as the MLS writes it ('123 Main St #4, Irvine'). */
export function offMlsAddress(r: { streetNumber: string; streetName: string; unit?: string | null; city: string }): string {
  const bare = (r.unit ?? '').trim().replace(/^(#|unit\b|apt\b|apartment\b|ste\b|suite\b|spc\b|space\b|lot\b|bldg\b)\.?\s*/i, '');
  const unit = bare ? ` #${bare}` : '';
  return `${r.streetNumber.trim()} ${r.streetName.trim()}${unit}, ${r.city.trim()}`;
}

/** Whether the off-MLS form may be sent: everything the schema requires is there (the server checks it again). */
export function canSubmitOffMlsReport(form: Partial<Record<keyof OffMlsReportInput, string | number | null>>): boolean {
  return offMlsReportSchema.safeParse(form).success;
}

/** An evidence file as a case lists it. */
export interface EvidenceFile {
  name: string;
  url: string;
}
