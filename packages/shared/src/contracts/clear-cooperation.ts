import { z } from 'zod';
import { CLEAR_COOP_STATES, type ClearCoopState } from '../domain/clear-cooperation';
import { calendarDate, pageIdField, pageSizeField, text } from './input';

/** The screen's filters beside the states: flags a listing carries whatever its state (decision 1080). */
export const CLEAR_COOP_FLAGS = ['marketed-early', 'disclosure-missing'] as const;
export type ClearCoopFlag = (typeof CLEAR_COOP_FLAGS)[number];

export const CLEAR_COOP_FILTER_MESSAGES = {
  state: 'Choose a state from the list',
  flag: 'Choose marketed early or disclosure missing',
  fromAfterTo: 'The start date must be on or before the end date',
} as const;

/** `GET api/app/ClearCooperation` and `.../Csv`: state, flag, search (listing or address), agent, office, deadline dates. */
export const clearCoopQuerySchema = z
  .object({
    state: z.enum(CLEAR_COOP_STATES, { error: CLEAR_COOP_FILTER_MESSAGES.state }).optional(),
    flag: z.enum(CLEAR_COOP_FLAGS, { error: CLEAR_COOP_FILTER_MESSAGES.flag }).optional(),
    search: text(100).optional(),
    agent: text(100).optional(),
    office: text(100).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    pageId: pageIdField,
    pageSize: pageSizeField(100, 25),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: CLEAR_COOP_FILTER_MESSAGES.fromAfterTo });
  });
export type ClearCoopQuery = z.input<typeof clearCoopQuerySchema>;

/** `POST api/app/ClearCooperation/Watch` (demo only, MLS staff): runs the watch now, or as at a moment (the journeys). */
export const clearCoopWatchSchema = z.object({
  at: z.iso.datetime({ offset: true }).optional(),
  /** Only these registered listings (by id); every one when left out. */
  listingIds: z.array(z.number().int().positive()).max(100).optional(),
});

/** One registered listing on the Clear Cooperation screen. */
export interface ClearCoopRow {
  id: number;
  listingId: string;
  address: string;
  agentName: string | null;
  agentMlsId: string;
  officeCode: string | null;
  officeName: string | null;
  exemptionKind: string;
  startMarketingDate: string | null;
  /** The last day it must be in the MLS by; null without a deadline. */
  deadlineOn: string | null;
  state: ClearCoopState;
  stateLabel: string;
  alertedOn: string | null;
  caseId: number | null;
  caseCode: string | null;
  mlsListingKey: string | null;
  mlsSeenOn: string | null;
  marketedEarly: boolean;
  disclosureMissing: boolean;
}

export interface ClearCoopPage {
  rows: ClearCoopRow[];
  /** How many of the viewer's listings are in each state (the filters' counts, whatever the state filter). */
  counts: Partial<Record<ClearCoopState | ClearCoopFlag, number>>;
  totalResults: number;
  totalPages: number;
}

/** What a watch run did. */
export interface ClearCoopWatchOutcome {
  /** Overdue listings whose alert or case waits for the feed's addresses to be keyed (decision 1160). */
  held: number;
  examined: number;
  matched: number;
  marketedEarly: number;
  alerted: number;
  casesOpened: number;
}

/** `GET api/app/ClearCooperation/Due`: the member's own listings due in the MLS within two business days (dashboard). */
export interface ClearCoopDue {
  count: number;
  listings: Array<{ id: number; listingId: string; address: string; deadlineOn: string }>;
}
