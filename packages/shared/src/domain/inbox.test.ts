import { describe, expect, it } from 'vitest';
import {
  availableBulkActions,
  bulkTargets,
  canMarkUnread,
  htmlToText,
  matchesNotificationSearch,
  matchesStatus,
  matchesSystemNotificationSearch,
  messageCountLabel,
  pageLinks,
  pageOf,
  withIds,
} from './inbox';

const now = new Date('2026-11-23T10:00:00Z');
const item = (id: number, isRead: boolean, isArchived: boolean, expiresOn: string | null = null) => ({ id, isRead, isArchived, expiresOn });

describe('status filters', () => {
  const unread = item(1, false, false);
  const read = item(2, true, false);
  const archivedRead = item(3, true, true);
  const archivedUnread = item(4, false, true);
  const all = [unread, read, archivedRead, archivedUnread];
  const ids = (filter: Parameters<typeof matchesStatus>[1]) => all.filter((i) => matchesStatus(i, filter)).map((i) => i.id);

  it('All hides archived items', () => expect(ids('All')).toEqual([1, 2]));
  it('Read is read and not archived', () => expect(ids('Read')).toEqual([2]));
  it('Unread is not read and not archived', () => expect(ids('Unread')).toEqual([1]));
  it('Archived shows archived items, read or not', () => expect(ids('Archived')).toEqual([3, 4]));
});

describe('search', () => {
  it('notifications: case-insensitive contains on the subject only', () => {
    expect(matchesNotificationSearch({ subject: 'Your MLS Dues Reminder' }, 'mls dues')).toBe(true);
    expect(matchesNotificationSearch({ subject: 'Your MLS Dues Reminder' }, '  DUES ')).toBe(true);
    expect(matchesNotificationSearch({ subject: 'Your MLS Dues Reminder' }, 'training')).toBe(false);
    expect(matchesNotificationSearch({ subject: 'anything' }, '')).toBe(true);
  });
  it('system messages: the title, then the text of the message (not its markup)', () => {
    const m = { title: 'Scheduled maintenance', message: '<p>The <strong>Portal</strong> is down &amp; back soon</p>' };
    expect(matchesSystemNotificationSearch(m, 'MAINT')).toBe(true);
    expect(matchesSystemNotificationSearch(m, 'portal is down & back')).toBe(true);
    expect(matchesSystemNotificationSearch(m, 'strong')).toBe(false);
    expect(matchesSystemNotificationSearch(m, 'outage')).toBe(false);
  });
  it('htmlToText drops scripts and styles with their content', () => {
    expect(htmlToText('<style>p{}</style><p>a</p><script>alert(1)</script>b')).toBe('a b');
  });
});

describe('bulk actions', () => {
  const expired = '2026-11-01T00:00:00Z';
  const future = '2027-01-01T00:00:00Z';
  const selected = [item(1, false, false), item(2, true, false, future), item(3, true, false, expired), item(4, true, true)];

  it('Mark as Read changes only unread items', () => expect(bulkTargets('Mark as Read', selected, now)).toEqual([1]));
  it('Mark as Unread changes only unexpired read items', () => expect(bulkTargets('Mark as Unread', selected, now)).toEqual([2, 4]));
  it('Archive and Unarchive', () => {
    expect(bulkTargets('Archive', selected, now)).toEqual([1, 2, 3]);
    expect(bulkTargets('Unarchive', selected, now)).toEqual([4]);
  });
  it('offers only the actions that change something', () => {
    expect(availableBulkActions([item(3, true, false, expired)], now)).toEqual(['Archive']);
    expect(availableBulkActions([item(1, false, true)], now)).toEqual(['Mark as Read', 'Unarchive']);
    expect(availableBulkActions([], now)).toEqual([]);
  });
  it('mark unread is refused for an unread or expired message', () => {
    expect(canMarkUnread(item(1, false, false), now)).toBe(false);
    expect(canMarkUnread(item(1, true, false, expired), now)).toBe(false);
    expect(canMarkUnread(item(1, true, false, future), now)).toBe(true);
    expect(canMarkUnread(item(1, true, false, null), now)).toBe(true);
  });
  it('withIds adds without duplicates and removes', () => {
    expect(withIds([1, '2', 3], [3, 4, 4], true)).toEqual([1, 2, 3, 4]);
    expect(withIds([1, 2, 3], [2], false)).toEqual([1, 3]);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 95 }, (_, i) => i + 1);
  it('10 a page, clamped to the last page', () => {
    expect(pageOf(items, 1)).toMatchObject({ items: items.slice(0, 10), page: 1, pageCount: 10, total: 95 });
    expect(pageOf(items, 10).items).toEqual([91, 92, 93, 94, 95]);
    expect(pageOf(items, 99).page).toBe(10);
    expect(pageOf([], 3)).toMatchObject({ items: [], page: 1, pageCount: 1 });
  });
  it('5 page links with 2 margin pages and gaps', () => {
    expect(pageLinks(1, 1000)).toEqual([1, 2, 3, 4, 5, 'gap', 999, 1000]);
    expect(pageLinks(500, 1000)).toEqual([1, 2, 'gap', 498, 499, 500, 501, 502, 'gap', 999, 1000]);
    expect(pageLinks(1000, 1000)).toEqual([1, 2, 'gap', 996, 997, 998, 999, 1000]);
    expect(pageLinks(4, 1000)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 999, 1000]);
    expect(pageLinks(3, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageLinks(1, 0)).toEqual([]);
  });
  it('the count line', () => {
    expect(messageCountLabel(1)).toBe('1 message');
    expect(messageCountLabel(0)).toBe('0 messages');
    expect(messageCountLabel(1234)).toBe('1,234 messages');
  });
});
