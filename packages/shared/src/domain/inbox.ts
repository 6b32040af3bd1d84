import { BULK_ACTIONS, CLIENT_PAGINATION_LINKS, NOTIFICATION_PAGE_SIZE, PAGINATION_MARGIN_PAGES } from '../constants';

/**
 * The rules of the notification center and the system messages center (seed 000 sections 4, 5, 9): status
 * filters, search, bulk actions and paging. Pure, so that the web app, the server and the tests share them.
 */
export const INBOX_STATUS_FILTERS = ['All', 'Read', 'Unread', 'Archived'] as const;
export type InboxStatusFilter = (typeof INBOX_STATUS_FILTERS)[number];
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface InboxItemState {
  id: number;
  isRead: boolean;
  isArchived: boolean;
  /** ISO date-time; a message past it is expired. */
  expiresOn?: string | null;
}

/** All: every item not archived; Read: read and not archived; Unread: not read and not archived; Archived: archived. */
export function matchesStatus(item: Pick<InboxItemState, 'isRead' | 'isArchived'>, filter: InboxStatusFilter): boolean {
  switch (filter) {
    case 'Archived':
      return item.isArchived;
    case 'Read':
      return item.isRead && !item.isArchived;
    case 'Unread':
      return !item.isRead && !item.isArchived;
    default:
      return !item.isArchived;
  }
}

export function isInboxStatusFilter(value: unknown): value is InboxStatusFilter {
  return typeof value === 'string' && (INBOX_STATUS_FILTERS as readonly string[]).includes(value);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The readable text of message HTML: tags dropped, common entities decoded, white space collapsed. */
export function htmlToText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Case-insensitive contains; an empty search matches everything. */
export function containsText(haystack: string | null | undefined, needle: string): boolean {
  const wanted = needle.trim().toLowerCase();
  if (!wanted) return true;
  return (haystack ?? '').toLowerCase().includes(wanted);
}

/** Notification search: contains on subject. */
export function matchesNotificationSearch(item: { subject: string }, search: string): boolean {
  return containsText(item.subject, search);
}

/** System message search: contains on the title, then on the message's text. */
export function matchesSystemNotificationSearch(item: { title: string; message: string }, search: string): boolean {
  return containsText(item.title, search) || containsText(htmlToText(item.message), search);
}

export function isExpired(item: { expiresOn?: string | null }, now: Date = new Date()): boolean {
  return !!item.expiresOn && new Date(item.expiresOn).getTime() <= now.getTime();
}

/** Mark as unread is offered only for unexpired messages already read. */
export function canMarkUnread(item: InboxItemState, now: Date = new Date()): boolean {
  return item.isRead && !isExpired(item, now);
}

/** The ids among the selected items whose state the action changes. */
export function bulkTargets(action: BulkAction, selected: readonly InboxItemState[], now: Date = new Date()): number[] {
  const changes: Record<BulkAction, (item: InboxItemState) => boolean> = {
    'Mark as Read': (item) => !item.isRead,
    'Mark as Unread': (item) => canMarkUnread(item, now),
    Archive: (item) => !item.isArchived,
    Unarchive: (item) => item.isArchived,
  };
  const affected = selected.filter(changes[action]);
  return affected.map((item) => item.id);
}

/** The With Selected choices that would change at least one selected item. */
export function availableBulkActions(selected: readonly InboxItemState[], now: Date = new Date()): BulkAction[] {
  return BULK_ACTIONS.filter((action) => bulkTargets(action, selected, now).length > 0);
}

/** Adds or removes ids in a stored id list (profile-bag read/archive lists), keeping order and no duplicates. */
export function withIds(list: ReadonlyArray<number | string>, ids: readonly number[], present: boolean): number[] {
  const current = list.map(Number).filter((n) => Number.isFinite(n));
  if (present) {
    const seen = new Set(current);
    return [...current, ...ids.filter((id) => !seen.has(id) && seen.add(id))];
  }
  const drop = new Set(ids);
  return current.filter((id) => !drop.has(id));
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of a list (10 a page); a page past the end falls back to the last page. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number = NOTIFICATION_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pageCount, total: items.length };
}

export type PageLink = number | 'gap';

/**
 * The page links: up to `links` pages around the current one and `margin` pages at each end, with a gap
 * where pages are left out (5 page links and 2 margin pages in the seed).
 */
export function pageLinks(
  current: number,
  pageCount: number,
  links: number = CLIENT_PAGINATION_LINKS,
  margin: number = PAGINATION_MARGIN_PAGES,
): PageLink[] {
  if (pageCount <= 0) return [];
  if (pageCount <= links + 2 * margin) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let start = Math.max(1, current - Math.floor(links / 2));
  const end = Math.min(pageCount, start + links - 1);
  start = Math.max(1, end - links + 1);
  const shown = new Set<number>();
  for (let p = 1; p <= margin; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = pageCount - margin + 1; p <= pageCount; p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: PageLink[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** The count line: '1 message' or 'N messages'. */
export function messageCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'message' : 'messages'}`;
}

/** Newest first, then by id for a stable order. */
export function byNewest<T extends { id: number; createdOn: string }>(a: T, b: T): number {
  return b.createdOn.localeCompare(a.createdOn) || b.id - a.id;
}
