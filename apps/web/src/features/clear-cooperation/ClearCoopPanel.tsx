import '@mantine/dates/styles.css';
import { Anchor, Badge, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CITATIONS_PATH,
  CLEAR_COOP_STATE_LABELS,
  type ClearCoopFlag,
  type ClearCoopPage,
  type ClearCoopQuery,
  type ClearCoopRow,
  type ClearCoopState,
  canManageCitations,
  formatDateUs,
  CLEAR_COOP_MESSAGES as M,
} from '@portico/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../core/api';
import { useMember } from '../../core/member';
import { DownloadButton } from '../../ui/DownloadButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { useIsPhone } from '../../ui/useIsPhone';
import { downloadClearCoopCsv, useClearCoop } from './api';

const PAGE_SIZE = 25;
/** The states staff filter on, most urgent first (decision 1080). */
const STATES: ClearCoopState[] = ['case-opened', 'alerted', 'overdue', 'due-soon', 'on-time', 'no-deadline', 'in-mls'];
const FLAG_LABELS: Record<ClearCoopFlag, string> = { 'marketed-early': M.marketedEarly, 'disclosure-missing': M.disclosureMissing };
/** Badge fills: shade 9 under white text (as 'Disclosure missing', decision 1050), yellow under black: AA in every theme. */
const STATE_COLORS: Partial<Record<ClearCoopState, string>> = {
  'case-opened': 'red.9',
  alerted: 'pink.9',
  overdue: 'red.9',
  'due-soon': 'yellow.4',
  'on-time': 'green.9',
  'in-mls': 'blue.9',
};

const withCount = (label: string, n: number | undefined) => `${label} (${n ?? 0})`;

/** The 'Clear Cooperation' tab: registered listings against the MLS, for compliance staff and brokers (issue 29 §4). */
export function ClearCoopPanel() {
  const [state, setState] = useState<ClearCoopState | ClearCoopFlag | null>(null);
  const [text, setText] = useState({ search: '', agent: '', office: '' });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageId, setPageId] = useState(1);
  const [typed] = useDebouncedValue(text, 300);
  const isFlag = state === 'marketed-early' || state === 'disclosure-missing';
  const query: ClearCoopQuery = {
    state: state && !isFlag ? (state as ClearCoopState) : undefined,
    flag: isFlag ? (state as ClearCoopFlag) : undefined,
    search: typed.search.trim() || undefined,
    agent: typed.agent.trim() || undefined,
    office: typed.office.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
    pageId,
    pageSize: PAGE_SIZE,
  };
  const page = useClearCoop(query);
  const counts = page.data?.counts ?? {};
  const fieldError = (field: string) =>
    page.error instanceof ApiError ? page.error.errors.find((e) => e.field === field)?.message : undefined;
  const typeInto = (field: keyof typeof text) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setText({ ...text, [field]: e.currentTarget.value });
    setPageId(1);
  };

  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {M.title}
      </Title>
      <Text size="sm">{M.intro}</Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="State"
          placeholder="Every state"
          clearable
          value={state}
          onChange={(v) => {
            setState(v as ClearCoopState | ClearCoopFlag | null);
            setPageId(1);
          }}
          data={[
            ...STATES.map((s) => ({ value: s, label: withCount(CLEAR_COOP_STATE_LABELS[s], counts[s]) })),
            ...(Object.keys(FLAG_LABELS) as ClearCoopFlag[]).map((f) => ({ value: f, label: withCount(FLAG_LABELS[f], counts[f]) })),
          ]}
          miw={220}
        />
        <TextInput label="Listing or address" value={text.search} onChange={typeInto('search')} error={fieldError('search')} />
        <TextInput label="Agent" value={text.agent} onChange={typeInto('agent')} error={fieldError('agent')} />
        <TextInput label="Office" value={text.office} onChange={typeInto('office')} error={fieldError('office')} />
        <DatePickerInput
          label="Deadline from"
          valueFormat="MM/DD/YYYY"
          clearable
          value={from || null}
          onChange={(v) => {
            setFrom(v ?? '');
            setPageId(1);
          }}
          error={fieldError('from')}
          miw={150}
        />
        <DatePickerInput
          label="Deadline to"
          valueFormat="MM/DD/YYYY"
          clearable
          value={to || null}
          onChange={(v) => {
            setTo(v ?? '');
            setPageId(1);
          }}
          error={fieldError('to')}
          miw={150}
        />
        <DownloadButton variant="light" download={() => downloadClearCoopCsv(query)} failure={M.loadFailed}>
          {M.exportCsv}
        </DownloadButton>
      </Group>
      {page.error && !page.data ? (
        <ErrorPanel title={M.loadFailed} message={page.error.message} />
      ) : !page.data ? (
        <LoadingBlock label="Loading the Clear Cooperation list" />
      ) : (
        <>
          {page.error && <ErrorPanel title={M.loadFailed} message={page.error.message} />}
          <Rows page={page.data} pageId={pageId} onPage={setPageId} />
        </>
      )}
    </Stack>
  );
}

/** A badge whose words wrap instead of being cut: every value whole at 375 px (decision 1057). */
const WHOLE = { root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

function CaseLink({ row }: { row: ClearCoopRow }) {
  return row.caseId ? (
    <Anchor component={Link} to={`/admin/member-insights/${row.caseId}`}>
      {row.caseCode}
    </Anchor>
  ) : (
    '—'
  );
}

function StateCell({ row }: { row: ClearCoopRow }) {
  const isPhone = useIsPhone();
  return (
    <Group gap={4}>
      <Badge color={STATE_COLORS[row.state] ?? 'gray.9'} variant="filled" autoContrast tt="none" styles={WHOLE}>
        {row.stateLabel}
      </Badge>
      {row.marketedEarly && (
        <Badge color="grape.9" variant="filled" tt="none" styles={WHOLE}>
          {M.marketedEarly}
        </Badge>
      )}
      {row.disclosureMissing && (
        <Badge color="red.9" variant="filled" tt="none" styles={WHOLE}>
          {M.disclosureMissing}
        </Badge>
      )}
      {/* On a phone the case sits under its state: its own column hides there. */}
      {isPhone && row.caseId && (
        <Text size="sm">
          <CaseLink row={row} />
        </Text>
      )}
    </Group>
  );
}

function Rows({ page, pageId, onPage }: { page: ClearCoopPage; pageId: number; onPage: (page: number) => void }) {
  const canCite = canManageCitations(useMember().viewer);
  if (page.rows.length === 0) return <EmptyState text={M.empty} />;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={0}>
        <Table striped fz="sm" data-testid="clear-coop-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Listing</Table.Th>
              <Table.Th visibleFrom="sm">Address</Table.Th>
              <Table.Th visibleFrom="md">Agent</Table.Th>
              <Table.Th visibleFrom="md">Office</Table.Th>
              <Table.Th>{M.deadline}</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th visibleFrom="sm">Case</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/registered/${r.id}`}>
                    {r.listingId}
                  </Anchor>
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r.address}
                </Table.Td>
                <Table.Td visibleFrom="md">{r.agentName ? `${r.agentName} (${r.agentMlsId})` : r.agentMlsId}</Table.Td>
                <Table.Td visibleFrom="md">{r.officeCode ?? ''}</Table.Td>
                <Table.Td>{r.deadlineOn ? formatDateUs(r.deadlineOn) : '—'}</Table.Td>
                <Table.Td>
                  <StateCell row={r} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <CaseLink row={r} />
                  {canCite && (
                    // Cite the listing's agent from this row (issue 30 section 2): the citation form opens filled.
                    <Anchor
                      component={Link}
                      ml="xs"
                      to={`${CITATIONS_PATH}/new?${new URLSearchParams({
                        source: 'clear-cooperation',
                        loginId: r.agentMlsId,
                        listingId: r.listingId,
                        ...(r.caseId ? { caseId: String(r.caseId) } : {}),
                      })}`}
                    >
                      Cite
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page.totalPages > 1 && (
        <Pagination total={page.totalPages} value={pageId} onChange={onPage} getControlProps={() => ({ 'aria-label': 'Page' })} />
      )}
    </Stack>
  );
}
