import { Anchor, Table, Text } from '@mantine/core';
import { type CaseItem, formatDateSlash } from '@portico/shared';
import { Link } from 'react-router';
import { SortableHead } from '../../ui/SortableTh';
import type { CaseSort } from './api';
import { StatusBadge } from './StatusBadge';

/** The columns of the case entity (seed 002 §3). */
const COLUMNS: Array<{ field: string; label: string; visibleFrom?: 'sm' | 'md' | 'lg' }> = [
  { field: 'itemShortCode', label: 'Case #' },
  { field: 'title', label: 'Title' },
  { field: 'status', label: 'Status' },
  { field: 'createdOn', label: 'Created On', visibleFrom: 'sm' },
  { field: 'createdBy', label: 'Created By', visibleFrom: 'md' },
  { field: 'contactLoginId', label: 'Contact', visibleFrom: 'md' },
];

interface Props {
  rows: CaseItem[];
  isLoading: boolean;
  sort: CaseSort;
  onSort: (field: string) => void;
  linkTo: (id: number) => string;
}

export function CasesTable({ rows, isLoading, sort, onSort, linkTo }: Props) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isLoading}>
        <SortableHead columns={COLUMNS} sort={sort} onSort={onSort} />
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={linkTo(r.id)} fw={600}>
                  {r.itemShortCode}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.title}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={r.status} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDateSlash(r.createdOn)}</Table.Td>
              <Table.Td visibleFrom="md">{r.createdBy}</Table.Td>
              <Table.Td visibleFrom="md">{r.expandedFields.ContactName.expandedValue?.loginId ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
