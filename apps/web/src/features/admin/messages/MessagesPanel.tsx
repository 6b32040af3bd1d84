import { ActionIcon, Button, CloseButton, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import {
  type AdminMessage,
  canMarkUnread,
  ADMIN_MESSAGE_LIMITS as L,
  ADMIN_MESSAGE_TEXTS as T,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
} from '@portico/shared';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { ConfirmDialog } from '../../../ui/inbox/ConfirmDialog';
import { Pager } from '../../../ui/inbox/Pager';
import { LoadingBlock } from '../../../ui/LoadingBlock';
import { useSystemNotificationActions } from '../../system-notifications/index';
import type { AdminPanelProps } from '../tabs';
import { useAdminMessages, useDeleteMessage } from './api';
import { MessageDrawer } from './MessageDrawer';
import { MessagesTable } from './MessagesTable';
import { type MessageListState, messageQuery } from './query';

const NEW = 'new';

/** The Messages tab (seed 002 section 2): the admin's messages in a sortable, searchable grid of 10. */
export function MessagesPanel({ context, id }: AdminPanelProps) {
  const navigate = useNavigate();
  const scope = context.admin.criteria.messages;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, L.searchDebounceMs);
  const [list, setList] = useState<Omit<MessageListState, 'search'>>({ pageId: 1, sort: { field: 'createdOn', direction: 'desc' } });
  const query = useMemo(() => (scope ? messageQuery(scope, { ...list, search: debounced }) : null), [scope, list, debounced]);
  const messages = useAdminMessages(query);
  const remove = useDeleteMessage();
  const readState = useSystemNotificationActions();
  const [deleting, setDeleting] = useState<AdminMessage | null>(null);
  const read = new Set(
    (Array.isArray(context.profile.profileBag['systemNotifications.read'])
      ? (context.profile.profileBag['systemNotifications.read'] as unknown[])
      : []
    ).map(Number),
  );

  if (!scope) return <EmptyState text={T.noMessagesCriteria} />;

  const open = (target: string | null) => navigate(target ? `/admin/messages/${target}` : '/admin/messages');
  const sortBy = (field: string) =>
    setList((l) => ({
      pageId: 1,
      sort: { field, direction: l.sort.field === field && l.sort.direction === 'asc' ? 'desc' : 'asc' },
    }));
  const confirmDelete = () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => toasts.show({ color: 'teal', title: 'Success', message: T.deleted, autoClose: TOAST_SUCCESS_MS }),
      onError: (error) => toasts.show({ color: 'red', title: 'Error', message: T.deleteFailed + error.message, autoClose: TOAST_ERROR_MS }),
    });
  };
  const rows = messages.data?.results ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label={T.searchPlaceholder}
          placeholder={T.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setList((l) => ({ ...l, pageId: 1 }));
          }}
          rightSection={search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null}
          w={{ base: '100%', sm: 340 }}
        />
        <Group gap="xs">
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh messages"
              onClick={() => messages.refetch()}
              loading={messages.isFetching}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(NEW)}>
            {T.newMessage}
          </Button>
        </Group>
      </Group>
      {messages.error ? (
        <ErrorPanel title={T.loadFailed} message={messages.error.message} />
      ) : messages.isLoading ? (
        <LoadingBlock label="Loading messages" />
      ) : rows.length === 0 ? (
        <EmptyState text={T.noMessages} />
      ) : (
        <>
          <MessagesTable
            rows={rows}
            isFetching={messages.isFetching}
            sort={list.sort}
            onSort={sortBy}
            canMarkUnread={(m) => canMarkUnread({ id: m.id, isRead: read.has(m.id), isArchived: false, expiresOn: m.expirationDate })}
            onEdit={(m) => open(String(m.id))}
            onDelete={setDeleting}
            onMarkUnread={(m) => readState.setRead([m.id], false)}
          />
          <Pager
            page={list.pageId}
            pageCount={messages.data?.totalPages ?? 0}
            onChange={(pageId) => setList((l) => ({ ...l, pageId }))}
            label="Message pages"
          />
        </>
      )}
      <MessageDrawer admin={context.admin} id={id === NEW ? null : id ? Number(id) : undefined} onClose={() => open(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        text={T.deleteConfirm}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
