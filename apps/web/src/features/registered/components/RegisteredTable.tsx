import { Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateUs, formatUsd, REGISTERED_MESSAGES as M, propertyTypeLabelOf, type RegisteredListRow } from '@portico/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { SortableHead } from '../../../ui/SortableTh';
import { useIsPhone } from '../../../ui/useIsPhone';
import { DisclosureMissingBadge } from './DisclosurePanel';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** The seed's column definition: field, label, sortable, formatAs, justify, and the width below which it hides. */
interface Column {
  field: string;
  label: string;
  sortable: boolean;
  formatAs?: 'currency' | 'date';
  justify?: 'left' | 'right';
  visibleFrom?: Breakpoint;
  /** `isPhone`: below `sm`, where the status folds under the ID (decision 1057). */
  render?: (row: RegisteredListRow, isPhone: boolean) => ReactNode;
}

/** Decision 1050: a listing whose seller disclosure is overdue says so beside its status, at every width. */
function StatusCell({ row }: { row: RegisteredListRow }) {
  if (!row.disclosureMissing) return row.registeredStatus;
  return (
    <Stack gap={2} align="flex-start">
      {row.registeredStatus}
      <DisclosureMissingBadge />
    </Stack>
  );
}

const COLUMNS: Column[] = [
  {
    field: 'listingId',
    label: 'Registered ID',
    sortable: true,
    render: (r, isPhone) =>
      isPhone ? (
        <Stack gap={2} align="flex-start">
          {r.listingId}
          <Box fz="sm">
            <StatusCell row={r} />
          </Box>
        </Stack>
      ) : (
        r.listingId
      ),
  },
  // On a phone the status goes under the ID (decision 1057): with the actions a third column ran off a 375-px screen.
  { field: 'registeredStatus', label: 'Registration Status', sortable: true, visibleFrom: 'sm', render: (r) => <StatusCell row={r} /> },
  { field: 'statusDate', label: 'Status Date', sortable: true, formatAs: 'date', visibleFrom: 'md' },
  { field: 'promotedMlsId', label: 'Listing ID', sortable: true, visibleFrom: 'xl' },
  { field: 'propertyAddress', label: 'Property Address', sortable: true, visibleFrom: 'sm' },
  { field: 'propertyType', label: 'Property Type', sortable: true, visibleFrom: 'xl', render: (r) => propertyTypeLabelOf(r.propertyType) },
  { field: 'listPrice', label: 'List Price', sortable: true, formatAs: 'currency', justify: 'right', visibleFrom: 'md' },
  {
    field: 'startShowingDate',
    label: 'Start Marketing Date',
    sortable: true,
    formatAs: 'date',
    visibleFrom: 'xl',
    render: (r) => (r.startShowingDate ? formatDateUs(r.startShowingDate) : M.doNotMarket),
  },
  {
    field: 'clearCooperation',
    label: 'MLS Deadline',
    sortable: false,
    // Decision 1080: the Clear Cooperation deadline and where the listing stands, in plain words.
    render: (r) => (
      <Stack gap={2} align="flex-start" data-testid="clear-coop-cell">
        <Text size="sm" fw={500}>
          {r.clearCooperation.deadlineOn ? formatDateUs(r.clearCooperation.deadlineOn) : r.clearCooperation.label}
        </Text>
        <Text size="xs">{r.clearCooperation.explained}</Text>
      </Stack>
    ),
  },
];

function cellOf(column: Column, row: RegisteredListRow, isPhone: boolean): ReactNode {
  if (column.render) return column.render(row, isPhone);
  const value = (row as unknown as Record<string, unknown>)[column.field];
  if (column.formatAs === 'currency') return formatUsd(value as number);
  if (column.formatAs === 'date') return formatDateUs(value as string);
  return (value as ReactNode) ?? '';
}

interface Props {
  rows: RegisteredListRow[];
  isLoading: boolean;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  onSort: (field: string) => void;
  showSendToMls: boolean;
  onSendToMls: (row: RegisteredListRow) => void;
  onCancel: (row: RegisteredListRow) => void;
}

export function RegisteredTable({ rows, isLoading, sort, onSort, showSendToMls, onSendToMls, onCancel }: Props) {
  const current = sort ?? { field: 'registeredStatus', direction: 'asc' as const };
  const isPhone = useIsPhone();
  return (
    <Table.ScrollContainer minWidth={320} data-testid="registered-table">
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isLoading}>
        <SortableHead columns={COLUMNS} sort={current} onSort={onSort} actions />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {COLUMNS.map((c) => (
                <Table.Td key={c.field} visibleFrom={c.visibleFrom} ta={c.justify}>
                  {cellOf(c, row, isPhone)}
                </Table.Td>
              ))}
              <Table.Td>
                {/* On a phone the actions wrap inside their cell rather than run off the screen (decision 1057). */}
                <Group gap={4} wrap="wrap">
                  <Button
                    component={Link}
                    to={`/registered/${row.id}`}
                    size="compact-sm"
                    miw="max-content"
                    variant="default"
                    aria-label={`Edit ${row.listingId}`}
                  >
                    Edit
                  </Button>
                  {showSendToMls && (
                    <Button
                      size="compact-sm"
                      miw="max-content"
                      variant="default"
                      disabled={!row.can.sendToMls}
                      onClick={() => onSendToMls(row)}
                      aria-label={`Send ${row.listingId} to MLS`}
                    >
                      Send to MLS
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    miw="max-content"
                    variant="default"
                    disabled={!row.can.cancel}
                    onClick={() => onCancel(row)}
                    aria-label={`Cancel ${row.listingId}`}
                  >
                    Cancel
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isLoading && rows.length === 0 && (
        <Text ta="center" py="lg" role="status">
          {M.loading}
        </Text>
      )}
      {!isLoading && rows.length === 0 && <EmptyState text={M.noResults} />}
    </Table.ScrollContainer>
  );
}
