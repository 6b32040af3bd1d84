import { CONTENT_MESSAGES, DEBOUNCE_NOTIFICATION_SEARCH_MS, matchesNotificationSearch } from '@portico/shared';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../ui/inbox/ConfirmDialog';
import { InboxLayout } from '../../ui/inbox/InboxLayout';
import { useInboxState } from '../../ui/inbox/useInboxState';
import { type NotificationItem, useCampaignTypes, useNotificationActions, useNotifications } from './hooks';
import { NotificationDetail } from './NotificationDetail';

const bySubject = (n: NotificationItem, search: string) => matchesNotificationSearch(n, search);
const byCategory = (n: NotificationItem, filter: string) => filter === 'all' || String(n.campaignTypeId) === filter;

type Pending = { kind: 'archive'; id: number } | { kind: 'delete'; id: number } | null;

/** /notifications (optional ?id=): list on the left, the open notification on the right. */
export function NotificationsPage() {
  const { items, isLoading, error } = useNotifications();
  const campaignTypes = useCampaignTypes();
  const actions = useNotificationActions();
  const inbox = useInboxState(items, bySubject, byCategory, DEBOUNCE_NOTIFICATION_SEARCH_MS);
  const [pending, setPending] = useState<Pending>(null);
  const selected = inbox.selected;

  // Opening a notification marks it read (once per opened id, not on every list change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: fire once per opened notification
  useEffect(() => {
    if (selected && !selected.isRead) actions.markRead([selected.id], true);
  }, [selected?.id]);

  const filterOptions = useMemo(
    () => [{ value: 'all', label: 'All categories' }, ...(campaignTypes.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))],
    [campaignTypes.data],
  );

  return (
    <>
      <InboxLayout
        title={CONTENT_MESSAGES.notificationsTitle}
        inbox={inbox}
        isLoading={isLoading}
        error={error}
        errorTitle={CONTENT_MESSAGES.notificationsError}
        labels={{ search: 'Search notifications', filter: 'Category', status: 'Status', pager: 'Notification pages' }}
        filterOptions={filterOptions}
        rows={inbox.page.items.map((n) => ({
          id: n.id,
          title: n.subject,
          date: dayjs(n.createdOn).format('MMM D, YYYY'),
          isRead: n.isRead,
          isArchived: n.isArchived,
          tag: { label: n.emailCategory },
        }))}
        emptyText={CONTENT_MESSAGES.noNotificationsFound}
        placeholder={CONTENT_MESSAGES.selectToRead}
        detail={
          selected && (
            <NotificationDetail
              item={selected}
              onMarkUnread={() => actions.markRead([selected.id], false)}
              onArchive={() => setPending({ kind: 'archive', id: selected.id })}
              onUnarchive={() => actions.setArchived([selected.id], false)}
              onDelete={() => setPending({ kind: 'delete', id: selected.id })}
            />
          )
        }
        onSetRead={actions.markRead}
        onSetArchived={actions.setArchived}
      />
      <ConfirmDialog
        opened={pending !== null}
        text={
          pending?.kind === 'delete' ? 'Are you sure you wish to delete this notification?' : CONTENT_MESSAGES.archiveNotificationConfirm
        }
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Archive'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind === 'archive') actions.setArchived([pending.id], true);
          if (pending?.kind === 'delete') {
            actions.remove.mutate(pending.id);
            inbox.open(null);
          }
          setPending(null);
        }}
      />
    </>
  );
}
