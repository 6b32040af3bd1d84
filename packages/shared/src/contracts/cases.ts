import { z } from 'zod';
import { querySchema } from './common';
import { text } from './input';

export const CASES_PAGE_SIZE = 10;
export const DEBOUNCE_CASE_SEARCH_MS = 500;
/** Seed 002 §9: "the data starts from 7/16/24". */
export const CASES_DATA_START = '2024-07-16';
/** The Insight Detail slide-over's width (seed 002 §2). */
export const INSIGHT_DETAIL_WIDTH = '85%';

/** Case statuses (not shown in the seed; decision 0700). */
export const CASE_STATUSES = ['New', 'Open', 'Waiting on Member', 'Resolved', 'Closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const FORM_FIELD_TYPES = [
  'Text',
  'Time',
  'Phone',
  'Integer',
  'Float',
  'Currency',
  'Date',
  'TextArea',
  'Attachment',
  'RichText',
  'Boolean',
  'Email',
  'DateTime',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const CASES_MESSAGES = {
  title: 'Member Insights',
  detailTitle: 'Insight Detail',
  newSupportTicket: 'New Support Ticket',
  loadError: 'There was a problem loading the cases.',
  detailError: 'There was a problem loading the case.',
  noCases: 'No cases found',
  searchLabel: 'Search cases',
  searchPlaceholder: 'Search by case number, title or login id',
  noValue: '—',
  statusUpdated: 'Status updated',
  statusFailed: 'There was a problem updating the status.',
  statusStaffOnly: 'Only the support staff change the status of this case.',
} as const;

/** `POST api/app/WorkItem/q?expandFieldTypes=ContactLookupFieldType`: the query engine's body plus searchText. */
export const caseQuerySchema = querySchema.extend({ searchText: text(100).trim().optional() });
export type CaseQuery = z.input<typeof caseQuerySchema>;
/** Staff who work a case set its status (decision 0700). */
export const caseStatusUpdateSchema = z.object({ status: z.enum(CASE_STATUSES, { error: 'Please choose a status' }) });

export const caseQueryParamsSchema = z.object({ expandFieldTypes: text(100).optional() });

export const caseContactSchema = z.object({ loginId: z.string(), firstName: z.string(), lastName: z.string() });
export type CaseContact = z.infer<typeof caseContactSchema>;

/** A case (work item) of the list (seed 002 §3). */
export const caseItemSchema = z.object({
  id: z.number(),
  itemShortCode: z.string(),
  title: z.string(),
  status: z.enum(CASE_STATUSES),
  workItemDefinitionId: z.number(),
  workItemDefinitionName: z.string(),
  createdOn: z.string(),
  createdBy: z.string(),
  expandedFields: z.object({ ContactName: z.object({ expandedValue: caseContactSchema.nullable() }) }),
});
export type CaseItem = z.infer<typeof caseItemSchema>;

export const formFieldViewSchema = z.object({
  key: z.string(),
  label: z.string(),
  fieldType: z.enum(FORM_FIELD_TYPES),
  /** What the form shows: formatted by type (dates MM/DD/YYYY, currency USD without decimals, Yes/No). */
  displayValue: z.string(),
  /** The stored value, for links (e-mail, phone, attachment url); RichText is sanitised HTML. */
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  /** An attachment field holding several files (a report's evidence, decision 1093): each to download. */
  files: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
});
export type FormFieldView = z.infer<typeof formFieldViewSchema>;

export const formCategoryViewSchema = z.object({ name: z.string(), fields: z.array(formFieldViewSchema) });
export type FormCategoryView = z.infer<typeof formCategoryViewSchema>;

/** `GET api/app/FormDefinition/ByWorkItem/{id}/expanded/view`. */
export const formDefinitionViewSchema = z.object({
  workItemDefinitionId: z.number(),
  name: z.string(),
  workItem: caseItemSchema,
  categories: z.array(formCategoryViewSchema),
  /** Whether the viewer works the case (staff reach) and so may answer its chat. */
  canAnswer: z.boolean(),
});
export type FormDefinitionView = z.infer<typeof formDefinitionViewSchema>;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY of a 'YYYY-MM-DD' date or the date part of an ISO timestamp. */
export function formatDateSlash(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return y && m && d ? `${m}/${d}/${y}` : iso;
}

/** hh:mm A of 'HH:mm' (or 'HH:mm:ss'). */
export function formatTime12(value: string): string {
  const [h, m] = value.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return value;
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** MM/DD/YYYY hh:mm A of an ISO timestamp, in UTC so that the server and every browser agree. */
export function formatDateTimeSlash(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${formatTime12(`${d.getUTCHours()}:${d.getUTCMinutes()}`)} UTC`;
}

/** The displayValue of a form field's stored value, by field type (seed 002 §9 formats). */
export function displayValueOf(fieldType: FormFieldType, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (fieldType) {
    case 'Currency': {
      const n = Number(value);
      return Number.isFinite(n) ? usd.format(n) : String(value);
    }
    case 'Integer': {
      const n = Number(value);
      return Number.isFinite(n) ? Math.trunc(n).toLocaleString('en-US') : String(value);
    }
    case 'Float': {
      const n = Number(value);
      return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 4 }) : String(value);
    }
    case 'Boolean':
      return value === true || value === 'true' ? 'Yes' : 'No';
    case 'Date':
      return formatDateSlash(String(value));
    case 'DateTime':
      return formatDateTimeSlash(String(value));
    case 'Time':
      return formatTime12(String(value));
    case 'Attachment':
      return decodeURIComponent(String(value).split('/').pop() ?? String(value));
    case 'RichText':
      return String(value)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    default:
      return String(value);
  }
}
