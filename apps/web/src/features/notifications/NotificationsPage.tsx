import { Grid, Paper, Text } from '@mantine/core';
import {
  availableBulkActions,
  type BulkAction,
  bulkTargets,
  CONTENT_MESSAGES,
  DEBOUNCE_NOTIFICATION_SEARCH_MS,
  matchesNotificationSearch,
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
  const bulkActions = useMemo(() => availableBulkActions(inbox.checkedItems), [inbox.checkedItems]);

  const runBulk = (action: BulkAction) => {
    const ids = bulkTargets(action, inbox.checkedItems);
    if (action === 'Mark as Read') actions.markRead(ids, true);
    if (action === 'Mark as Unread') actions.markRead(ids, false);
    if (action === 'Archive') actions.setArchived(ids, true);
    if (action === 'Unarchive') actions.setArchived(ids, false);
    inbox.clearChecked();
  };

  if (error) return <ErrorPanel title={CONTENT_MESSAGES.notificationsError} message={error.message} />;

  return (
    <>
      <PageTitle title={CONTENT_MESSAGES.notificationsTitle} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm" radius="md">
            <InboxToolbar
              search={inbox.search}
              onSearch={inbox.setSearch}
              searchLabel="Search notifications"
              filterLabel="Category"
              filterValue={inbox.filter}
              filterOptions={filterOptions}
              onFilter={inbox.setFilter}
              status={inbox.status}
              statusLabel="Status"
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
                  title: n.subject,
                  date: dayjs(n.createdOn).format('MMM D, YYYY'),
                  isRead: n.isRead,
                  isArchived: n.isArchived,
                  tag: { label: n.emailCategory },
                }))}
                selectedId={selected?.id ?? null}
                checked={inbox.checked}
                onOpen={inbox.open}
                onCheck={inbox.check}
                empty={<EmptyState text={CONTENT_MESSAGES.noNotificationsFound} />}
              />
            )}
            <Paper pt="sm">
              <Pager page={inbox.page.page} pageCount={inbox.page.pageCount} onChange={inbox.setPage} label="Notification pages" />
            </Paper>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <NotificationDetail
              item={selected}
              onMarkUnread={() => actions.markRead([selected.id], false)}
              onArchive={() => setPending({ kind: 'archive', id: selected.id })}
              onUnarchive={() => actions.setArchived([selected.id], false)}
              onDelete={() => setPending({ kind: 'delete', id: selected.id })}
            />
          ) : (
            <Text c={SUBTLE_TEXT} ta="center" py="xl">
              {CONTENT_MESSAGES.selectToRead}
            </Text>
          )}
        </Grid.Col>
      </Grid>
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
