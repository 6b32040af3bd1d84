import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** A column header of a server-sorted grid: a button that sorts by `field`, with the direction shown and announced. */
export function SortableTh({
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
  sort: { field: string; direction: 'asc' | 'desc' };
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

/** A column of a server-sorted grid, as its header needs it. */
export interface SortableColumn {
  field: string;
  label: ReactNode;
  sortable?: boolean;
  visibleFrom?: Breakpoint;
  justify?: 'left' | 'right';
}

/** The header row of a server-sorted grid: a sortable header per column, then an unsorted "Actions" one if asked. */
export function SortableHead({
  columns,
  sort,
  onSort,
  actions = false,
}: {
  columns: SortableColumn[];
  sort: { field: string; direction: 'asc' | 'desc' };
  onSort: (field: string) => void;
  actions?: boolean;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <SortableTh key={c.field} {...c} sort={sort} onSort={onSort} />
        ))}
        {actions && <Table.Th>Actions</Table.Th>}
      </Table.Tr>
    </Table.Thead>
  );
}
