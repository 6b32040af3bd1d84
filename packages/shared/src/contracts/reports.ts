import { z } from 'zod';
import { id, text } from './input';

export const REPORT_TYPES = ['Listing', 'Member'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** Seed 002 §7: `GET PageConfigs/{fixed config id}`. */
export const REPORT_PAGE_CONFIG_ID = 'report-violation';
export const REPORT_REASONS_PAGE_SIZE = 50;
export const REPORT_REASON_DEFAULT_ORDER = 9999;
export const LISTING_REMARKS_MAX = 100;
export const REPORT_TEXT_MAX = 2000;

export const REPORT_MESSAGES = {
  title: 'Report A Violation',
  successTitle: 'Success',
  successText: 'Report created successfully.',
  failureTitle: 'Error',
  failureText: 'There was a problem creating your report.',
  createAnother: 'Create Another Report',
  noListing: 'No listing found',
  reasonRequired: 'Please choose a reason',
  descriptionRequired: 'Description Required',
  listingRequired: 'This reason needs a listing that was found',
  memberRequired: 'This reason needs a member',
  reasonNotFound: 'The reason was not found.',
  listingNotFound: 'The listing was not found.',
  memberNotFound: 'The member was not found.',
  reasonsError: 'There was a problem loading the report reasons.',
  memberSearchPlaceholder: 'Login ID or name (3 characters or more)',
  memberSearchLimited: 'Too many member searches. Wait a minute and try again.',
  /** Built-in texts when the page config cannot be read (seed 002 §8). */
  fallbackDisclaimerHtml:
    '<p>Reports are confidential and reviewed by the compliance staff of the association. Describe what you saw as ' +
    'precisely as you can: dates, listing fields and the remarks concerned. False reports may themselves be a violation.</p>',
  fallbackConfirmationHtml:
    '<p>Thank you. Your report has been received and will be reviewed by the compliance staff. You can follow it under ' +
    'Member Insights.</p>',
} as const;

/**
 * How often one member may search or look up members on the report page (decision 0930): the type-ahead sends one
 * call per pause in typing, so a member reporting a few people stays far below; harvesting the roster does not.
 */
export const REPORT_MEMBER_SEARCH_LIMITS = { perMinute: 30, perDay: 300 } as const;

/** `POST ReportReasons/MemberHubReportReason/q` answer (seed 002 §3). */
export const reportReasonSchema = z.object({
  id: z.number(),
  reasonText: z.string(),
  requiresListing: z.boolean(),
  isVisibleToMembers: z.boolean(),
  /** 'off-mls': a listing marketed but not in the MLS, reported by its address and evidence (decision 1093). */
  kind: z.enum(['standard', 'off-mls']),
  reportReasonCategory: z.object({ displayText: z.string(), listOrder: z.number().nullable() }).nullable(),
});
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** `GET PageConfigs/{id}`: results[0].config is JSON text. */
export const pageConfigSchema = z.object({ id: z.string(), config: z.string() });
export type PageConfig = z.infer<typeof pageConfigSchema>;
export interface ReportPageConfig {
  disclaimerHtml: string;
  confirmationHtml: string;
}

/** `GET {listing service}/long/{listingId}?include=media` (seed 002 §3). */
export const listingDetailSchema = z.object({
  listingId: z.string(),
  media: z.array(z.object({ mediaType: z.literal('IMAGE'), mediaURL: z.string() })),
  unparsedAddress: z.string().nullable(),
  city: z.string().nullable(),
  stateOrProvince: z.string().nullable(),
  postalCode: z.string().nullable(),
  listPrice: z.number(),
  standardStatus: z.string(),
  listingContractDate: z.string(),
  purchaseContractDate: z.string().nullable(),
  closeDate: z.string().nullable(),
  propertyType: z.string(),
  propertySubType: z.string().nullable(),
  onMarketTimestamp: z.string().nullable(),
  onMarketDate: z.string().nullable(),
  daysOnMarket: z.number().nullable(),
  publicRemarks: z.string().nullable(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const listingIdParamSchema = z.object({ listingId: text(30).trim().min(1) });
export const listingQuerySchema = z.object({ include: text(50).optional() });
export const pageConfigParamSchema = z.object({ id: text(100).trim().min(1) });
export const loginIdParamSchema = z.object({ loginId: text(100).trim().min(1) });

/** `POST Reports/CreateReport`. reportingParty is recorded as the signed-in member whatever is sent. */
export const reportCreateSchema = z.object({
  reportReasonId: id(REPORT_MESSAGES.reasonRequired),
  listingId: text(30).trim().nullish(),
  memberId: id().nullish(),
  text: z.string({ error: REPORT_MESSAGES.descriptionRequired }).trim().min(1, REPORT_MESSAGES.descriptionRequired).max(REPORT_TEXT_MAX),
  reportingParty: text(100).nullish(),
});
export type ReportCreate = z.input<typeof reportCreateSchema>;

export const createdReportSchema = z.object({ id: z.number(), workItemId: z.number(), itemShortCode: z.string() });
export type CreatedReport = z.infer<typeof createdReportSchema>;

export interface ReasonGroup {
  category: string;
  listOrder: number;
  reasons: ReportReason[];
}

const orderOf = (r: ReportReason) => r.reportReasonCategory?.listOrder ?? REPORT_REASON_DEFAULT_ORDER;

/**
 * Seed 002 §5: only reasons visible to members; for Listing only those requiring a listing, for Member only those not;
 * grouped by category and ordered by listOrder (default 9999), then by category name and reason text.
 */
export function groupReportReasons(reasons: ReportReason[], type: ReportType): ReasonGroup[] {
  const groups = new Map<string, ReasonGroup>();
  for (const r of reasons) {
    if (!r.isVisibleToMembers || r.requiresListing !== (type === 'Listing')) continue;
    const category = r.reportReasonCategory?.displayText ?? 'Other';
    const group = groups.get(category) ?? { category, listOrder: orderOf(r), reasons: [] };
    group.listOrder = Math.min(group.listOrder, orderOf(r));
    group.reasons.push(r);
    groups.set(category, group);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, reasons: [...g.reasons].sort((a, b) => a.reasonText.localeCompare(b.reasonText)) }))
    .sort((a, b) => a.listOrder - b.listOrder || a.category.localeCompare(b.category));
}

/** Seed 002 §5: submit needs a description and a reason, and a found listing (Listing) or a chosen member (Member). */
export function canSubmitReport(state: {
  type: ReportType;
  reasonId: number | null;
  text: string;
  listingFound: boolean;
  memberId: number | null;
}): boolean {
  if (!state.reasonId || state.text.trim() === '') return false;
  return state.type === 'Listing' ? state.listingFound : state.memberId !== null;
}

/** Remarks cut to LISTING_REMARKS_MAX characters with an ellipsis. */
export function truncateRemarks(text: string | null, max = LISTING_REMARKS_MAX): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** The page config's JSON, or the built-in texts for whatever it lacks or when it cannot be read. */
export function parseReportPageConfig(config: string | null | undefined): ReportPageConfig {
  const fallback = { disclaimerHtml: REPORT_MESSAGES.fallbackDisclaimerHtml, confirmationHtml: REPORT_MESSAGES.fallbackConfirmationHtml };
  if (!config) return fallback;
  try {
    const parsed = JSON.parse(config) as Partial<ReportPageConfig>;
    return {
      disclaimerHtml: typeof parsed.disclaimerHtml === 'string' && parsed.disclaimerHtml ? parsed.disclaimerHtml : fallback.disclaimerHtml,
      confirmationHtml:
        typeof parsed.confirmationHtml === 'string' && parsed.confirmationHtml ? parsed.confirmationHtml : fallback.confirmationHtml,
    };
  } catch {
    return fallback;
  }
}
