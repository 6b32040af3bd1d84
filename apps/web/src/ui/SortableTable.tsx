import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

/** A column header that sorts by its field (a button with the direction's arrow), or a plain label. */
export function SortHeader({
  field,
  label,
  sort,
  onSort,
  sortable = true,
  visibleFrom,
  justify,
}: {
  field: string;
  label: ReactNode;
  sort: SortState;
  onSort: (field: string) => void;
  sortable?: boolean;
  visibleFrom?: Breakpoint;
  justify?: 'left' | 'right';
}) {
  const active = sort.field === field;
  const Icon = active ? (sort.direction === 'asc' ? IconArrowUp : IconArrowDown) : IconSelector;
  return (
    <Table.Th
      visibleFrom={visibleFrom}
      ta={justify}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {sortable ? (
        <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap" justify={justify === 'right' ? 'flex-end' : undefined}>
            {label}
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}

/** Below a table: the loading line while the first page loads, the empty state when nothing matched. */
export function TableStatus({
  isLoading,
  isEmpty,
  loadingText,
  emptyText,
}: {
  isLoading: boolean;
  isEmpty: boolean;
  loadingText: string;
  emptyText: string;
}) {
  if (!isEmpty) return null;
  return isLoading ? (
    <Text ta="center" py="lg" role="status">
      {loadingText}
    </Text>
  ) : (
    <EmptyState text={emptyText} />
  );
}
