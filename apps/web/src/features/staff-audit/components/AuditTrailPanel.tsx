import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatDateTimeZoned, STAFF_AUDIT_MESSAGES as M, type StaffAuditEvent } from '@portico/shared';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../core/api';
import { useMlsZone } from '../../../core/member';
import { DownloadButton } from '../../../ui/DownloadButton';
import { EmptyState } from '../../../ui/EmptyState';
import { Pager } from '../../../ui/inbox/Pager';
import { Spinner } from '../../../ui/Spinner';
import { type AuditFilters, downloadAuditCsv, useStaffAudit } from '../api';

const NO_FILTERS: AuditFilters = { actor: '', subject: '', action: '', from: '', to: '' };

function AuditRow({ event, zone }: { event: StaffAuditEvent; zone: string }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="audit-row" aria-label={`${event.action} by ${event.actorLogin}`}>
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {event.action}
          </Text>
          <Text size="sm">{formatDateTimeZoned(zone, event.occurredOn)}</Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          By {event.actorName ? `${event.actorName} (${event.actorLogin})` : event.actorLogin} ·{' '}
          {event.actorLevel === 5 ? 'MLS staff' : 'Association staff'}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          On: {event.subject || '—'}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {event.route} · from {event.clientAddress || 'unknown address'}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The AOR Center's Audit trail tab for MLS staff (issue 32 §6, decision 1131): search, page and export staff actions. */
export function AuditTrailPanel() {
  const zone = useMlsZone();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [pageId, setPageId] = useState(1);
  const audit = useStaffAudit(filters, pageId);
  const field = (key: keyof AuditFilters) => ({
    value: draft[key],
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [key]: e.currentTarget.value }),
  });
  const fieldError = (name: string) =>
    audit.error instanceof ApiError ? audit.error.errors.find((e) => e.field === name)?.message : undefined;
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setPageId(1);
    setFilters(draft);
  };

  return (
    <Stack>
      <Text size="sm">{M.intro}</Text>
      <form onSubmit={handleSearch} aria-label="Search the audit trail">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
          <TextInput label="Staff member" placeholder="Login or name" {...field('actor')} />
          <TextInput label="On whom or which record" placeholder="Login or id" {...field('subject')} />
          <TextInput label="Action" placeholder="unlock, articles…" {...field('action')} />
          <TextInput label="From" type="date" {...field('from')} error={fieldError('from')} />
          <TextInput label="To" type="date" {...field('to')} error={fieldError('to')} />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
          <DownloadButton variant="default" download={() => downloadAuditCsv(filters)} failure={M.fetchFailed}>
            Download CSV
          </DownloadButton>
        </Group>
      </form>
      {audit.isPending ? (
        <Spinner label="Loading the audit trail" />
      ) : audit.isError || !audit.data ? (
        <Alert color="red" role="alert">
          {audit.error instanceof ApiError && audit.error.code === 'BAD_REQUEST' ? audit.error.message : M.fetchFailed}
        </Alert>
      ) : audit.data.events.length === 0 ? (
        <EmptyState text={M.empty} />
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {audit.data.totalResults.toLocaleString('en-US')} staff {audit.data.totalResults === 1 ? 'action' : 'actions'}
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Staff actions">
            {audit.data.events.map((event) => (
              <AuditRow key={event.id} event={event} zone={zone} />
            ))}
          </Stack>
          <Pager page={pageId} pageCount={audit.data.totalPages} onChange={setPageId} label="Audit trail pages" />
        </>
      )}
    </Stack>
  );
}
