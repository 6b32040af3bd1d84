import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { CASES_MESSAGES, DEBOUNCE_CASE_SEARCH_MS } from '@portico/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMember } from '../../core/member';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Pager } from '../../ui/inbox/Pager';
import { Spinner } from '../../ui/Spinner';
import { SupportTicketForm } from '../support/index';
import { type CaseSort, useCases } from './api';
import { CasesTable } from './CasesTable';
import { InsightDetail } from './InsightDetail';

export interface MemberInsightsPanelProps {
  /** Where the list lives: the detail of case N is `${basePath}/N` (e.g. '/cases' or '/admin/member-insights'). */
  basePath: string;
  /** The open case (the route's insightId), or null. */
  insightId: number | null;
}

/**
 * The cases list (Member Insights): search (500 ms), sortable columns, pages of 10, the Insight Detail slide-over and
 * the New Support Ticket button (not for brokers). Rendered by /cases and by the Broker/AOR Center's tab.
 */
export function MemberInsightsPanel({ basePath, insightId }: MemberInsightsPanelProps) {
  const { viewer } = useMember();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_CASE_SEARCH_MS);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<CaseSort>({ field: 'createdOn', direction: 'desc' });
  const [ticketOpen, ticket] = useDisclosure(false);
  const cases = useCases(page, debounced, sort);
  const base = basePath.replace(/\/$/, '');

  const onSort = (field: string) => {
    setSort((s) => ({ field, direction: s.field === field && s.direction === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };
  const rows = cases.data?.results ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          label={CASES_MESSAGES.searchLabel}
          placeholder={CASES_MESSAGES.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={360}
          maw="100%"
        />
        {!viewer.isBroker && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={ticket.open}>
            {CASES_MESSAGES.newSupportTicket}
          </Button>
        )}
      </Group>
      {cases.error ? (
        <ErrorPanel title={CASES_MESSAGES.loadError} message={cases.error.message} />
      ) : cases.isLoading ? (
        <Group justify="center" py="xl">
          <Spinner label="Loading cases" />
        </Group>
      ) : rows.length === 0 ? (
        <EmptyState text={CASES_MESSAGES.noCases} />
      ) : (
        <>
          <CasesTable rows={rows} isLoading={cases.isFetching} sort={sort} onSort={onSort} linkTo={(id) => `${base}/${id}`} />
          <Text size="sm" ta="center">
            {cases.data?.totalResults} {cases.data?.totalResults === 1 ? 'case' : 'cases'}
          </Text>
          <Pager page={page} pageCount={cases.data?.totalPages ?? 0} onChange={setPage} label="Case pages" />
        </>
      )}
      <InsightDetail insightId={insightId} onClose={() => navigate(base)} />
      <Modal opened={ticketOpen} onClose={ticket.close} title={CASES_MESSAGES.newSupportTicket}>
        <SupportTicketForm onCreated={ticket.close} />
      </Modal>
    </Stack>
  );
}
