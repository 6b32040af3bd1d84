import { Anchor, Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import {
  CITATION_COUNT_CAP,
  CITATION_STATE_LABELS,
  CITATION_STATES,
  type CitationListQuery,
  type CitationPage,
  formatDateUs,
  CITATION_MESSAGES as M,
} from '@portico/shared';
import { Link } from 'react-router';
import { TableStatus } from '../../ui/TableStatus';
import { StateBadge } from './CitationDetail';

const money = (n: number) => (n === 0 ? 'Warning' : `$${n.toLocaleString('en-US')}`);

/** Citations in a table with their count and pages: the staff list (filters by state and member) and My citations share it. */
export function CitationList({
  page,
  isLoading,
  basePath,
  query,
  onQuery,
  emptyText,
  showFilters,
}: {
  page: CitationPage | undefined;
  isLoading: boolean;
  basePath: string;
  query: CitationListQuery;
  onQuery: (q: CitationListQuery) => void;
  emptyText: string;
  showFilters: boolean;
}) {
  const rows = page?.citations ?? [];
  return (
    <>
      {showFilters && (
        <Group align="end">
          <Select
            label="State"
            placeholder="Any state"
            clearable
            data={CITATION_STATES.map((s) => ({ value: s, label: CITATION_STATE_LABELS[s] }))}
            value={query.state ?? null}
            onChange={(v) => onQuery({ ...query, state: (v as CitationListQuery['state']) ?? undefined, pageId: 1 })}
          />
          <TextInput
            label="Member login ID"
            defaultValue={query.loginId ?? ''}
            onBlur={(e) => onQuery({ ...query, loginId: e.currentTarget.value.trim() || undefined, pageId: 1 })}
          />
        </Group>
      )}
      <Table striped highlightOnHover aria-label="Citations" data-testid="citation-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Citation</Table.Th>
            <Table.Th>Member</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th visibleFrom="sm">Due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component={Link} to={`${basePath}/${c.id}`}>
                  {c.id}: rule {c.rule.number} {c.rule.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.member.name}</Table.Td>
              <Table.Td>{money(c.amount)}</Table.Td>
              <Table.Td>
                <StateBadge state={c.state} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDateUs(c.dueOn)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TableStatus isLoading={isLoading} isEmpty={rows.length === 0} loadingText="Loading citations" emptyText={emptyText} />
      {page && rows.length > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" data-testid="citation-count">
            {page.totalCapped ? M.countCapped(CITATION_COUNT_CAP) : M.count(page.totalResults)}
          </Text>
          {page.totalPages > 1 && (
            <Pagination
              total={page.totalPages}
              value={Number(query.pageId ?? 1)}
              onChange={(pageId) => onQuery({ ...query, pageId })}
              getControlProps={() => ({ 'aria-label': 'Page' })}
              aria-label="Citation pages"
            />
          )}
        </Group>
      )}
    </>
  );
}
