import { Group, Stack, Table, UnstyledButton } from '@mantine/core';
import { type ArticleSummary, formatAdminDate, ARTICLE_ADMIN_MESSAGES as M } from '@portico/shared';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RowAction } from '../../../ui/RowAction';
import { SortableHead } from '../../../ui/SortableTh';
import { TableStatus } from '../../../ui/TableStatus';
import { useIsPhone } from '../../../ui/useIsPhone';
import { ExpiryBadge } from './ExpiryBadge';
import type { GridState } from './hooks';

interface Column {
  field: string;
  label: string;
  render: (row: ArticleSummary) => ReactNode;
  visibleFrom?: 'sm' | 'md' | 'lg';
}

/** Seed 002 section 2: Title, Status, Category, Created On, Created By, Expires On, Actions. */
const COLUMNS: Column[] = [
  { field: 'title', label: 'Title', render: (r) => r.title },
  { field: 'status', label: 'Status', render: (r) => r.status, visibleFrom: 'sm' },
  { field: 'articleCategory', label: 'Category', render: (r) => r.articleCategory.name, visibleFrom: 'md' },
  { field: 'createdOn', label: 'Created On', render: (r) => formatAdminDate(r.createdOn), visibleFrom: 'md' },
  { field: 'createdByName', label: 'Created By', render: (r) => r.createdByName, visibleFrom: 'lg' },
  // On a phone the expiry date goes under the title (decision 1057): a third column cut it at 375 px.
  { field: 'expiresOn', label: 'Expires On', render: (r) => <ExpiryBadge expiresOn={r.expiresOn} />, visibleFrom: 'sm' },
];

interface Props {
  rows: ArticleSummary[];
  isLoading: boolean;
  sort: GridState['sort'];
  onSort: (field: string) => void;
  onOpen: (row: ArticleSummary) => void;
  onEdit: (row: ArticleSummary) => void;
  onDelete: (row: ArticleSummary) => void;
}

export function ArticlesGrid({ rows, isLoading, sort, onSort, onOpen, onEdit, onDelete }: Props) {
  const isPhone = useIsPhone();
  return (
    <Table.ScrollContainer minWidth={320} data-testid="articles-grid">
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isLoading} aria-label="Articles">
        <SortableHead columns={COLUMNS} sort={sort} onSort={onSort} actions />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`article-row-${row.id}`}>
              {COLUMNS.map((c) => (
                <Table.Td key={c.field} visibleFrom={c.visibleFrom}>
                  {c.field === 'title' ? (
                    <Stack gap={4} align="flex-start">
                      <UnstyledButton onClick={() => onOpen(row)} fz="sm" td="underline">
                        {row.title}
                      </UnstyledButton>
                      {isPhone && <ExpiryBadge expiresOn={row.expiresOn} />}
                    </Stack>
                  ) : (
                    c.render(row)
                  )}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <RowAction action="View" name={row.title} icon={IconEye} onClick={() => onOpen(row)} />
                  <RowAction action="Edit" name={row.title} icon={IconPencil} onClick={() => onEdit(row)} />
                  <RowAction action="Delete" name={row.title} icon={IconTrash} color="red.9" onClick={() => onDelete(row)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TableStatus isLoading={isLoading} isEmpty={rows.length === 0} loadingText={M.loading} emptyText={M.noArticles} />
    </Table.ScrollContainer>
  );
}
