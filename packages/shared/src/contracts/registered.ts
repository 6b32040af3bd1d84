import { z } from 'zod';
import { CLEAR_COOP_STATES } from '../domain/clear-cooperation';
import { EXEMPTION_KINDS, type ExemptionKind } from '../domain/compliance';
import { DEFAULT_MLS_TIME_ZONE } from '../domain/mls-time';
import {
  addDays,
  isOpenListingId,
  PROPERTY_TYPE_CODES,
  type PropertyTypeCode,
  REGISTERED,
  REGISTERED_STATUSES,
  RESTRICTED_PROPERTY_TYPES,
  STATE_CODES,
  todayIso,
} from '../domain/registered';
import { DEFAULT_EXEMPTION_KIND, EXEMPTION_MESSAGES, exemptionKindIssue } from '../domain/registered-exemption';
import { formatDateUs } from '../domain/registered-format';
import {
  REGISTERED_LABELS as L,
  REGISTERED_MESSAGES as M,
  requiredMessage,
  REGISTERED_VALIDATION as V,
} from '../domain/registered-messages';
import { INT4_MAX, isCalendarDate, latitude, longitude, money, text as safeText, wholeNumber } from './input';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (max: number) =>
  safeText(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));
/** A calendar date; the date part of a date and time is taken (the wizard's date inputs send either). */
const date = z
  .string()
  .max(40, V.dateInvalid)
  .nullish()
  .transform((v) => (v ? v.slice(0, 10) : null))
  .refine((v) => v === null || isCalendarDate(v), V.dateInvalid);
/** The fields the wizard edits and the API accepts (create and update), before the rules run. */
const listingShape = z.object({
  listingId: text(20),
  propertyType: text(10),
  listPrice: money({ precision: REGISTERED.listPricePrecision, wholeDollars: true }).nullable(),
  expirationDate: date,
  listingContractDate: date,
  startShowingDate: date,
  noMarketing: z
    .boolean()
    .nullish()
    .transform((v) => !!v),
  unparsedAddress: text(300),
  streetNumber: text(20),
  streetDirPrefix: text(4),
  streetName: text(80),
  streetSuffix: text(20),
  streetSuffixModifier: text(20),
  streetDirSuffix: text(4),
  unitNumber: text(20),
  city: text(60),
  stateOrProvince: text(2),
  postalCode: text(10),
  postalCodePlus4: text(4),
  countyOrParish: text(60),
  country: text(2),
  subdivisionName: text(80),
  subdivisionNameOther: text(80),
  latitude: latitude().nullable(),
  longitude: longitude().nullable(),
  universalPropertyId: text(40),
  listAgentMlsId: text(25),
  coListAgentMlsId: text(25),
  listTeamKey: text(40),
  coListTeamKey: text(40),
  offersEmail: text(120),
  photographerMlsId: text(25),
  /** The exemption the listing is kept off the MLS under (decision 1050); none reads as office exclusive. */
  exemptionKind: z
    .enum(EXEMPTION_KINDS, { error: EXEMPTION_MESSAGES.unknownKind })
    .nullish()
    .transform((v) => v ?? DEFAULT_EXEMPTION_KIND),
  /** Optimistic concurrency: the version the editor loaded (required on update). */
  version: wholeNumber(1, INT4_MAX).nullish(),
});

const REQUIRED_FIELDS = [
  'propertyType',
  'expirationDate',
  'streetNumber',
  'streetName',
  'city',
  'countyOrParish',
  'stateOrProvince',
  'postalCode',
  'listAgentMlsId',
] as const;

type Shape = z.output<typeof listingShape>;

/** Every rule of seed 001 section 5, in one place; `today` is passed so that tests can pin it. */
export function listingIssues(input: Shape, today: string): Array<{ path: keyof Shape; message: string }> {
  // A date its field refused takes no part in the rules between dates (its field already says what is wrong).
  const real = (d: string | null) => (d && isCalendarDate(d) ? d : null);
  const v = {
    ...input,
    listingContractDate: real(input.listingContractDate),
    expirationDate: real(input.expirationDate),
    startShowingDate: real(input.startShowingDate),
  };
  const issues: Array<{ path: keyof Shape; message: string }> = [];
  const add = (path: keyof Shape, message: string) => issues.push({ path, message });
  if (v.listPrice === null) add('listPrice', V.listPriceRequired);
  else if (v.listPrice < REGISTERED.minListPrice) add('listPrice', V.listPriceMin);
  if (!input.listingContractDate) add('listingContractDate', V.contractDateRequired);
  else if (v.listingContractDate && v.listingContractDate > today) add('listingContractDate', V.contractDateFuture);
  for (const field of REQUIRED_FIELDS) if (!input[field]) add(field, requiredMessage(L[field]));
  if (v.expirationDate && v.listingContractDate && v.expirationDate < addDays(v.listingContractDate, 1)) {
    add('expirationDate', V.expirationAfterContract);
  }
  if (v.expirationDate && v.startShowingDate && !v.noMarketing && v.expirationDate < v.startShowingDate) {
    add('expirationDate', V.expirationAfterStart);
  }
  if (v.startShowingDate && !v.noMarketing && v.listingContractDate && v.startShowingDate < v.listingContractDate) {
    add('startShowingDate', V.startAfterContract);
  }
  if (!input.startShowingDate && !v.noMarketing) add('startShowingDate', V.startOrNoMarketing);
  if (v.propertyType) {
    const code = v.propertyType as PropertyTypeCode;
    if (!PROPERTY_TYPE_CODES.includes(code)) add('propertyType', M.invalidPropertyType);
    else if (RESTRICTED_PROPERTY_TYPES.includes(code) && !isOpenListingId(v.listingId)) add('propertyType', M.invalidPropertyType);
  }
  if (v.stateOrProvince && !(STATE_CODES as readonly string[]).includes(v.stateOrProvince.toUpperCase())) {
    add('stateOrProvince', 'State must be California or Louisiana');
  }
  if (v.postalCode && !/^\d{5}$/.test(v.postalCode)) add('postalCode', 'Enter a 5-digit Zip Code');
  if (v.postalCodePlus4 && !/^\d{4}$/.test(v.postalCodePlus4)) add('postalCodePlus4', 'Enter the 4 digits of Zip+4');
  if (v.offersEmail && !EMAIL.test(v.offersEmail)) add('offersEmail', V.emailInvalid);
  if (v.coListAgentMlsId && v.listAgentMlsId && v.coListAgentMlsId.toLowerCase() === v.listAgentMlsId.toLowerCase()) {
    add('coListAgentMlsId', 'The co-list agent must be someone other than the list agent');
  }
  return issues;
}

/**
 * The one schema of a registered listing: the wizard validates with it and the server refuses what it refuses.
 * `exemptionKinds`, when given, are the kinds the MLS accepts (its compliance policy): another kind is refused.
 */
export function buildRegisteredListingSchema(
  today: () => string = () => todayIso(DEFAULT_MLS_TIME_ZONE),
  exemptionKinds?: readonly ExemptionKind[],
) {
  return listingShape
    .superRefine((v, ctx) => {
      for (const issue of listingIssues(v, today())) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      const kindIssue = exemptionKinds ? exemptionKindIssue(v.exemptionKind, exemptionKinds) : null;
      if (kindIssue) ctx.addIssue({ code: 'custom', path: ['exemptionKind'], message: kindIssue });
    })
    .transform((v) => ({
      ...v,
      stateOrProvince: v.stateOrProvince?.toUpperCase() ?? null,
      country: v.country ?? 'US',
      startShowingDate: v.noMarketing ? null : v.startShowingDate,
      streetNumberNumeric: v.streetNumber && /^\d+/.test(v.streetNumber) ? Number.parseInt(v.streetNumber, 10) : null,
    }));
}

export const registeredListingSchema = buildRegisteredListingSchema();
export type RegisteredListingForm = z.input<typeof registeredListingSchema>;
export type RegisteredListingInput = z.output<typeof registeredListingSchema>;
export type RegisteredListingField = keyof Shape;

/**
 * The cancellation date rule (seed 001 section 5, seed 002 admin-side dialog): a real date, not later than today and,
 * when the listing's contract date is known, not before it.
 */
export function cancellationDateIssue(value: string | null | undefined, today: string, contractDate?: string | null): string | null {
  if (!value) return M.cancellationRequired;
  if (!isCalendarDate(value.slice(0, 10))) return V.dateInvalid;
  if (value.slice(0, 10) > today) return M.cancellationAfterToday(formatDateUs(today));
  if (contractDate && value.slice(0, 10) < contractDate.slice(0, 10)) return M.cancellationBeforeContract(formatDateUs(contractDate));
  return null;
}

/** The status call: Z deletes, K expires, C cancels; cancel needs a date not later than today. */
export function buildStatusChangeSchema(today: () => string = () => todayIso(DEFAULT_MLS_TIME_ZONE)) {
  return z
    .object({
      standardStatus: z.enum(['Z', 'K', 'C']),
      cancellationDate: date,
      version: wholeNumber(1, INT4_MAX).nullish(),
    })
    .superRefine((v, ctx) => {
      if (v.standardStatus === 'Z' || (v.cancellationDate && !isCalendarDate(v.cancellationDate))) return;
      const issue = v.standardStatus === 'C' || v.cancellationDate ? cancellationDateIssue(v.cancellationDate, today()) : null;
      if (issue) ctx.addIssue({ code: 'custom', path: ['cancellationDate'], message: issue });
    });
}
export const statusChangeSchema = buildStatusChangeSchema();
export type StatusChange = z.input<typeof statusChangeSchema>;

/** Where a registered listing stands with Clear Cooperation: its state in plain words and its MLS deadline. */
export const registeredClearCooperationSchema = z.object({
  state: z.enum(CLEAR_COOP_STATES),
  label: z.string(),
  explained: z.string(),
  /** The last day it must be in the MLS by ('YYYY-MM-DD'); null when it has none (not publicly marketed). */
  deadlineOn: z.string().nullable(),
});
export type RegisteredClearCooperation = z.infer<typeof registeredClearCooperationSchema>;

/** A seller disclosure as the API answers it; the file itself comes from `GET Registration/{id}/Disclosure`. */
export const registeredDisclosureSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.string().nullable(),
  uploadedOn: z.string(),
});
export type RegisteredDisclosure = z.infer<typeof registeredDisclosureSchema>;

const nullableText = z.string().nullable();

/**
 * A row of the list page (`Registration/search/`): the seed's columns and what its row actions need, no more. The
 * whole record comes from `GET Registration/{id}` and the bulk `Registration/q` (decision 0205, "Lean list rows").
 */
export const registeredListRowSchema = z.object({
  id: z.number(),
  listingId: z.string(),
  standardStatus: z.string(),
  registeredStatus: z.enum(REGISTERED_STATUSES).nullable(),
  statusDate: z.string(),
  promotedMlsId: nullableText,
  propertyAddress: z.string(),
  propertyType: nullableText,
  listPrice: z.number().nullable(),
  startShowingDate: nullableText,
  noMarketing: z.boolean(),
  version: z.number(),
  exemptionKind: z.enum(EXEMPTION_KINDS),
  /** None filed and its deadline has passed. */
  disclosureMissing: z.boolean(),
  /** The Clear Cooperation deadline and state (decision 1080). */
  clearCooperation: registeredClearCooperationSchema,
  isReadOnly: z.boolean(),
  can: z.object({ edit: z.boolean(), sendToMls: z.boolean(), cancel: z.boolean(), expire: z.boolean(), delete: z.boolean() }),
});
export type RegisteredListRow = z.infer<typeof registeredListRowSchema>;

/** A registered listing as the API answers it; abilities are computed by the server for this viewer. */
export const registeredListingViewSchema = registeredListRowSchema.extend({
  promotedDate: nullableText,
  cancellationDate: nullableText,
  registeredYN: z.boolean(),
  expirationDate: nullableText,
  listingContractDate: nullableText,
  unparsedAddress: nullableText,
  streetNumber: nullableText,
  streetNumberNumeric: z.number().nullable(),
  streetDirPrefix: nullableText,
  streetName: nullableText,
  streetSuffix: nullableText,
  streetSuffixModifier: nullableText,
  streetDirSuffix: nullableText,
  unitNumber: nullableText,
  city: nullableText,
  stateOrProvince: nullableText,
  postalCode: nullableText,
  postalCodePlus4: nullableText,
  countyOrParish: nullableText,
  country: z.string(),
  subdivisionName: nullableText,
  subdivisionNameOther: nullableText,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  universalPropertyId: nullableText,
  listAgentMlsId: nullableText,
  listAgentName: nullableText,
  coListAgentMlsId: nullableText,
  coListAgentName: nullableText,
  listTeamKey: nullableText,
  coListTeamKey: nullableText,
  offersEmail: nullableText,
  photographerMlsId: nullableText,
  officeCode: nullableText,
  /** Delayed marketing: the last day the listing may stay off the MLS ('YYYY-MM-DD'); null for office exclusive. */
  mlsDueDate: nullableText,
  /** The seller disclosure's deadline (an instant), or null for a listing registered before the MLS asked for one. */
  disclosureDueAt: nullableText,
  /** The disclosure filed, if any (decision 1050). */
  disclosure: registeredDisclosureSchema.nullable(),
  createdBy: nullableText,
  createdOn: z.string(),
  modifiedBy: nullableText,
  modifiedOn: z.string(),
});
export type RegisteredListing = z.infer<typeof registeredListingViewSchema>;

export const promoteResultSchema = z.object({ id: z.number(), promotedMlsId: z.string(), promotedDate: z.string() });
export type PromoteResult = z.infer<typeof promoteResultSchema>;
