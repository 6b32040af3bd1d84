import { Alert, Badge, Button, Code, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  type CompletionImportResult,
  type CompletionImportRow,
  TRAINING_IMPORT_MESSAGES as M,
  TRAINING_IMPORT_EXAMPLE,
} from '@portico/shared';
import { useState } from 'react';
import { CsvFileInput } from '../../ui/CsvFileInput';
import { DownloadButton } from '../../ui/DownloadButton';
import { PageTitle } from '../../ui/PageTitle';
import { useRequirements } from './api';
import { downloadNarExport, useApplyImport, usePreviewImport } from './imports-api';

/** Alert titles in the text colour: the coloured ones miss the contrast ratio on their light background. */
const ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } };
// Filled, shade 9: the light badges missed AA (as StateBadge).
const OUTCOME = {
  new: { label: 'New', color: 'teal.9' },
  duplicate: { label: 'Duplicate', color: 'gray.8' },
  error: { label: 'Error', color: 'red.9' },
} as const;

function RowsTable({ rows }: { rows: CompletionImportRow[] }) {
  return (
    <Table.ScrollContainer
      minWidth={640}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Rows of the file, scrolling sideways' } }}
    >
      <Table striped withTableBorder aria-label="Rows of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Member</Table.Th>
            <Table.Th>Course</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.line} data-outcome={r.outcome}>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td>{r.memberName ? `${r.memberName} (${r.memberRef})` : r.memberRef || '—'}</Table.Td>
              <Table.Td>{r.courseNumber || '—'}</Table.Td>
              <Table.Td>{r.hours}</Table.Td>
              <Table.Td>{r.completedOn}</Table.Td>
              <Table.Td>
                <Badge color={OUTCOME[r.outcome].color} variant="filled" autoContrast>
                  {OUTCOME[r.outcome].label}
                </Badge>
                {r.reason && (
                  <Text size="sm" mt={2}>
                    {r.reason}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Summary({ result }: { result: CompletionImportResult }) {
  const c = result.counts;
  return (
    <Text fw={600} data-testid="import-counts">
      {c.new} new, {c.duplicate} {c.duplicate === 1 ? 'duplicate' : 'duplicates'}, {c.error} {c.error === 1 ? 'error' : 'errors'}
    </Text>
  );
}

/** The NAR export of a cycle requirement (Code of Ethics): one CSV of the completions that count. */
function NarExport() {
  const requirements = useRequirements();
  const cycles = (requirements.data ?? []).filter((r) => r.period.kind === 'cycle');
  const [id, setId] = useState<string | null>(null);
  const chosen = id ?? (cycles.find((r) => /ethic/i.test(r.name)) ?? cycles[0])?.id.toString() ?? null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="nar-export">
      <Stack gap="sm">
        <Title order={2} size="h4" id="nar-export">
          Export for NAR
        </Title>
        <Text size="sm">
          The completions that count toward a cycle, with the NRDS ID, course number, cycle, date, hours and the member code (N: joined
          during the cycle, E: a member before it), for the association’s AMS.
        </Text>
        <Group align="end">
          <Select
            label="Requirement"
            data={cycles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={chosen}
            onChange={setId}
            allowDeselect={false}
            w={320}
          />
          <DownloadButton
            variant="light"
            download={() => (chosen ? downloadNarExport(Number(chosen)) : Promise.resolve())}
            failure="The NAR export could not be made."
          >
            Export CSV
          </DownloadButton>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /requirements/import (association and MLS staff, decision 1150): a CSV of outside completions, its preview row by row
 * (new, duplicate, or an error with its reason), then the apply of the new rows in one transaction; and the NAR export.
 */
export function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const reset = () => {
    preview.reset();
    apply.reset();
  };
  const input = () => ({ fileName: file?.name, csv: text ?? '' });
  const error = preview.error ?? apply.error;
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle title="Import training completions" />
      <Text>
        Outside courses completed by your members, from a CSV file: you see each row’s outcome before anything is recorded, and a file
        applied twice records nothing twice.
      </Text>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (!file) return;
            const read = await file.text();
            setText(read);
            apply.reset();
            preview.mutate({ fileName: file.name, csv: read });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Header row: <Code>{TRAINING_IMPORT_EXAMPLE}</Code> (the MLS ID or the NRDS ID; dates as YYYY-MM-DD or MM/DD/YYYY).
            </Text>
            <CsvFileInput
              value={file}
              onChange={(f) => {
                setFile(f);
                reset();
              }}
            />
            <Group>
              <Button type="submit" loading={preview.isPending} disabled={!file}>
                Preview
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {error && (
        <Alert color="red" title="The file cannot be imported" role="alert" styles={ALERT_TITLE}>
          {error.message}
        </Alert>
      )}
      {apply.data ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Alert color="teal" title={M.recorded(apply.data.recorded ?? 0)} role="status" styles={ALERT_TITLE}>
              The members’ requirements count them now.
            </Alert>
            <Summary result={apply.data} />
            <RowsTable rows={apply.data.rows} />
          </Stack>
        </Paper>
      ) : (
        preview.data && (
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <Title order={2} size="h3">
                Preview of {preview.data.fileName ?? 'the file'}
              </Title>
              <Summary result={preview.data} />
              <RowsTable rows={preview.data.rows} />
              <Group>
                <Button onClick={() => apply.mutate(input())} loading={apply.isPending} disabled={preview.data.counts.new === 0}>
                  Record {preview.data.counts.new} {preview.data.counts.new === 1 ? 'completion' : 'completions'}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )
      )}
      <NarExport />
    </Stack>
  );
}
