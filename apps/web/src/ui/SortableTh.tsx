import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

interface Props {
  field: string;
  label: string;
  sort: { field: string; direction: 'asc' | 'desc' };
  onSort: (field: string) => void;
  sortable?: boolean;
  justify?: 'left' | 'right';
  visibleFrom?: Breakpoint;
}

/** A column header that sorts its table: a button with the direction's arrow, and aria-sort on the active column. */
export function SortableTh({ field, label, sort, onSort, sortable = true, justify, visibleFrom }: Props) {
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
