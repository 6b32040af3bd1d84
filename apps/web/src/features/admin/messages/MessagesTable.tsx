import { Button, Group, Table, Text } from '@mantine/core';
import { type AdminMessage, htmlToText, ADMIN_MESSAGE_TEXTS as T } from '@portico/shared';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { RowAction } from '../../../ui/RowAction';
import { SortableHead } from '../../../ui/SortableTh';
import type { MessageListState } from './query';

interface Column {
  field: string;
  label: string;
  value: (m: AdminMessage) => string;
  visibleFrom?: 'sm' | 'md' | 'lg';
}

const date = (iso: string | null) => (iso ? dayjs(iso).format('MM/DD/YYYY') : '');

/** Seed 002: Title, Message (HTML stripped), Type, Created On, Last Modified, Expires, then Actions. */
const COLUMNS: Column[] = [
  { field: 'title', label: 'Title', value: (m) => m.title },
  { field: 'message', label: 'Message', value: (m) => htmlToText(m.message), visibleFrom: 'sm' },
  { field: 'systemNotificationStatus.name', label: 'Type', value: (m) => m.systemNotificationStatus.name, visibleFrom: 'md' },
  { field: 'createdOn', label: 'Created On', value: (m) => date(m.createdOn), visibleFrom: 'lg' },
  { field: 'modifiedOn', label: 'Last Modified', value: (m) => date(m.modifiedOn), visibleFrom: 'lg' },
  { field: 'expirationDate', label: 'Expires', value: (m) => date(m.expirationDate), visibleFrom: 'md' },
];

interface Props {
  rows: AdminMessage[];
  isFetching: boolean;
  sort: MessageListState['sort'];
  onSort: (field: string) => void;
  canMarkUnread: (m: AdminMessage) => boolean;
  onEdit: (m: AdminMessage) => void;
  onDelete: (m: AdminMessage) => void;
  onMarkUnread: (m: AdminMessage) => void;
}

export function MessagesTable({ rows, isFetching, sort, onSort, canMarkUnread, onEdit, onDelete, onMarkUnread }: Props) {
  return (
    // Room on the right for the shell's Feedback tab, which would otherwise sit over the row actions.
    <Table.ScrollContainer minWidth={320} pr={{ base: 0, sm: 40 }}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isFetching} data-testid="admin-messages">
        <SortableHead columns={COLUMNS} sort={sort} onSort={onSort} actions />
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.id}>
              {COLUMNS.map((c) => (
                <Table.Td key={c.field} visibleFrom={c.visibleFrom} maw={c.field === 'message' ? 320 : undefined}>
                  <Text size="sm" lineClamp={c.field === 'message' ? 2 : undefined}>
                    {c.value(m)}
                  </Text>
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <RowAction action="Edit" name={m.title} icon={IconEdit} onClick={() => onEdit(m)} />
                  <RowAction action="Delete" name={m.title} icon={IconTrash} color="red" onClick={() => onDelete(m)} />
                  {canMarkUnread(m) && (
                    <Button size="compact-xs" variant="default" onClick={() => onMarkUnread(m)} aria-label={`${T.markUnread}: ${m.title}`}>
                      {T.markUnread}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
