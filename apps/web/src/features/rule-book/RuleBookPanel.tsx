import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ladderSummary, RULE_BOOK_MESSAGES as M, RULE_CATEGORY_LABELS, type RuleBook } from '@portico/shared';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { TableStatus } from '../../ui/TableStatus';
import { useRuleBook } from './api';
import { RuleForm } from './RuleForm';

export const RULE_BOOK_PATH = '/admin/rule-book';

/**
 * The AOR Center's Rule book tab (issue 30 section 1, decision 1090): the rules and their fine ladders; MLS staff add
 * and change them (`/admin/rule-book/new`, `/admin/rule-book/{id}`), association staff read them.
 */
export function RuleBookPanel({ id }: { id: string | undefined }) {
  const book = useRuleBook();
  if (book.error) return <ErrorPanel title={M.loadFailed} message={book.error.message} />;
  if (id === 'new' && book.data?.canEdit) return <RuleForm rule={null} canEdit />;
  const open = id && /^\d+$/.test(id) ? book.data?.rules.find((r) => r.id === Number(id)) : undefined;
  if (open && book.data) return <RuleForm key={`${open.id}-${open.version}`} rule={open} canEdit={book.data.canEdit} />;
  return <RuleList book={book.data} isLoading={book.isLoading} />;
}

function RuleList({ book, isLoading }: { book: RuleBook | undefined; isLoading: boolean }) {
  const rules = book?.rules ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {M.title}
        </Title>
        {book?.canEdit && (
          <Button component={Link} to={`${RULE_BOOK_PATH}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
            {M.newRule}
          </Button>
        )}
      </Group>
      <Text size="sm">{M.intro}</Text>
      {book && !book.canEdit && (
        <Alert color="blue" variant="light" title="Read only">
          {M.readOnly}
        </Alert>
      )}
      <Table striped highlightOnHover aria-label="Rules of the rule book" data-testid="rule-book">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rule</Table.Th>
            <Table.Th visibleFrom="sm">Category</Table.Th>
            <Table.Th>Fines</Table.Th>
            <Table.Th visibleFrom="sm">Window</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`${RULE_BOOK_PATH}/${r.id}`}>
                  {r.number} {r.title}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">{RULE_CATEGORY_LABELS[r.category]}</Table.Td>
              <Table.Td>{ladderSummary(r.steps)}</Table.Td>
              <Table.Td visibleFrom="sm">{r.windowMonths} months</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TableStatus isLoading={isLoading} isEmpty={rules.length === 0} loadingText={M.loading} emptyText={M.empty} />
    </Stack>
  );
}
