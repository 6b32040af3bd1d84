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
