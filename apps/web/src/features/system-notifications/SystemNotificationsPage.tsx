import { CONTENT_MESSAGES, DEBOUNCE_NOTIFICATION_SEARCH_MS, matchesSystemNotificationSearch } from '@portico/shared';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../ui/inbox/ConfirmDialog';
import { InboxLayout } from '../../ui/inbox/InboxLayout';
import { useInboxState } from '../../ui/inbox/useInboxState';
import { type SystemNotificationItem, useSystemNotificationActions, useSystemNotificationStatuses, useSystemNotifications } from './hooks';
import { SystemNotificationDetail } from './SystemNotificationDetail';

const byText = (n: SystemNotificationItem, search: string) => matchesSystemNotificationSearch(n, search);
const byStatus = (n: SystemNotificationItem, filter: string) => filter === 'all' || String(n.systemNotificationStatusId) === filter;

/** /system-notifications: the same layout as notifications, filtered by the message status. */
export function SystemNotificationsPage() {
  const { items, isLoading, error } = useSystemNotifications();
  const statuses = useSystemNotificationStatuses();
  const actions = useSystemNotificationActions();
  const inbox = useInboxState(items, byText, byStatus, DEBOUNCE_NOTIFICATION_SEARCH_MS);
  const [archiveId, setArchiveId] = useState<number | null>(null);
  const selected = inbox.selected;

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening marks read, once per opened message
  useEffect(() => {
    if (selected && !selected.isRead) actions.setRead([selected.id], true);
  }, [selected?.id]);

  const filterOptions = useMemo(
    () => [{ value: 'all', label: 'All statuses' }, ...(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))],
    [statuses.data],
  );

  return (
    <>
      <InboxLayout
        title={CONTENT_MESSAGES.systemMessagesTitle}
        inbox={inbox}
        isLoading={isLoading}
        error={error}
        errorTitle={CONTENT_MESSAGES.systemNotificationsError}
        labels={{ search: 'Search system messages', filter: 'Message status', status: 'Show', pager: 'System message pages' }}
        filterOptions={filterOptions}
        rows={inbox.page.items.map((n) => ({
          id: n.id,
          title: n.title,
          date: dayjs(n.createdOn).format('MMM D, YYYY'),
          isRead: n.isRead,
          isArchived: n.isArchived,
          tag: { label: n.systemNotificationStatus.name, color: n.systemNotificationStatus.color },
        }))}
        emptyText={CONTENT_MESSAGES.noSystemMessagesFound}
        placeholder={CONTENT_MESSAGES.selectToRead}
        detail={
          selected && (
            <SystemNotificationDetail
              item={selected}
              onMarkUnread={() => actions.setRead([selected.id], false)}
              onArchive={() => setArchiveId(selected.id)}
              onUnarchive={() => actions.setArchived([selected.id], false)}
            />
          )
        }
        onSetRead={actions.setRead}
        onSetArchived={actions.setArchived}
      />
      <ConfirmDialog
        opened={archiveId !== null}
        text={CONTENT_MESSAGES.archiveMessageConfirm}
        confirmLabel="Archive"
        onCancel={() => setArchiveId(null)}
        onConfirm={() => {
          if (archiveId !== null) actions.setArchived([archiveId], true);
          setArchiveId(null);
        }}
      />
    </>
  );
}
