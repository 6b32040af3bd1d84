import { Grid, Paper, Text } from '@mantine/core';
import {
  availableBulkActions,
  type BulkAction,
  bulkTargets,
  CONTENT_MESSAGES,
  DEBOUNCE_NOTIFICATION_SEARCH_MS,
  matchesSystemNotificationSearch,
} from '@portico/shared';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ConfirmDialog } from '../../ui/inbox/ConfirmDialog';
import { InboxList } from '../../ui/inbox/InboxList';
import { InboxToolbar } from '../../ui/inbox/InboxToolbar';
import { Pager } from '../../ui/inbox/Pager';
import { SUBTLE_TEXT } from '../../ui/inbox/subtle-text';
import { useInboxState } from '../../ui/inbox/useInboxState';
import { PageTitle } from '../../ui/PageTitle';
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
  const bulkActions = useMemo(() => availableBulkActions(inbox.checkedItems), [inbox.checkedItems]);
  const runBulk = (action: BulkAction) => {
    const ids = bulkTargets(action, inbox.checkedItems);
    if (action === 'Mark as Read' || action === 'Mark as Unread') actions.setRead(ids, action === 'Mark as Read');
    else actions.setArchived(ids, action === 'Archive');
    inbox.clearChecked();
  };

  if (error) return <ErrorPanel title={CONTENT_MESSAGES.systemNotificationsError} message={error.message} />;

  return (
    <>
      <PageTitle title={CONTENT_MESSAGES.systemMessagesTitle} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm" radius="md">
            <InboxToolbar
              search={inbox.search}
              onSearch={inbox.setSearch}
              searchLabel="Search system messages"
              filterLabel="Message status"
              filterValue={inbox.filter}
              filterOptions={filterOptions}
              onFilter={inbox.setFilter}
              status={inbox.status}
              statusLabel="Show"
              onStatus={inbox.setStatus}
              onReset={inbox.reset}
              count={inbox.filtered.length}
              allChecked={inbox.allChecked}
              someChecked={inbox.checkedItems.length > 0}
              onCheckAll={inbox.checkAll}
              actions={bulkActions}
              onAction={runBulk}
            />
            {isLoading ? (
              <Text c={SUBTLE_TEXT} py="md" ta="center">
                Loading results...
              </Text>
            ) : (
              <InboxList
                rows={inbox.page.items.map((n) => ({
                  id: n.id,
                  title: n.title,
                  date: dayjs(n.createdOn).format('MMM D, YYYY'),
                  isRead: n.isRead,
                  isArchived: n.isArchived,
                  tag: { label: n.systemNotificationStatus.name, color: n.systemNotificationStatus.color },
                }))}
                selectedId={selected?.id ?? null}
                checked={inbox.checked}
                onOpen={inbox.open}
                onCheck={inbox.check}
                empty={<EmptyState text={CONTENT_MESSAGES.noSystemMessagesFound} />}
              />
            )}
            <Paper pt="sm">
              <Pager page={inbox.page.page} pageCount={inbox.page.pageCount} onChange={inbox.setPage} label="System message pages" />
            </Paper>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <SystemNotificationDetail
              item={selected}
              onMarkUnread={() => actions.setRead([selected.id], false)}
              onArchive={() => setArchiveId(selected.id)}
              onUnarchive={() => actions.setArchived([selected.id], false)}
            />
          ) : (
            <Text c={SUBTLE_TEXT} ta="center" py="xl">
              {CONTENT_MESSAGES.selectToRead}
            </Text>
          )}
        </Grid.Col>
      </Grid>
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
