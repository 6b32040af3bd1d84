import { Alert, Button, Checkbox, Code, Group, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { FEED_IMPORT_MESSAGES, RESO_RESOURCES } from '@portico/shared';
import { useState } from 'react';
import { CsvFileInput } from '../../ui/CsvFileInput';
import { PageTitle } from '../../ui/PageTitle';
import { useApplyImport, useImportStatus, useUploadImport } from './hooks';
import { ImportCounts, ImportPreview, RefusedRows } from './ImportPreview';

/** Alert titles in the text colour: the coloured ones miss the contrast ratio on their light background. */
const ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const PLURAL = { Member: 'members', Office: 'offices' } as const;

/**
 * /feed/import and the AOR Center's CSV import tab (MLS staff): a CSV of members or offices whose headers are RESO names, its preview, then the apply in
 * one transaction with a progress bar (decision 0987). The server refuses everyone below level 5.
 */
export function FeedImportPage({ inTab = false }: { inTab?: boolean }) {
  const [resource, setResource] = useState<'Member' | 'Office'>('Member');
  const [wholeRoster, setWholeRoster] = useState(false);
  const [sendWelcome, setSendWelcome] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadImport();
  const apply = useApplyImport();
  const preview = upload.data;
  const status = useImportStatus(apply.data ? apply.data.id : null);
  const current = status.data ?? apply.data;
  const nothingToDo = preview ? preview.counts.created + preview.counts.updated + preview.counts.deactivated === 0 : true;
  const headers = RESO_RESOURCES[resource].fields.filter((f) => f !== 'ModificationTimestamp');

  const reset = () => {
    upload.reset();
    apply.reset();
  };

  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle title="Import from a CSV file" inTab={inTab} />
      <Text>
        For an MLS without a RESO Web API: a CSV file of {PLURAL[resource]} whose header row holds RESO Data Dictionary names, the same ones
        the MLS data feed reads. You see what would change before anything does.
      </Text>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (file) {
              apply.reset();
              upload.mutate({ resource, wholeRoster, sendWelcome: resource === 'Member' && sendWelcome, file });
            }
          }}
        >
          <Stack gap="sm">
            <Radio.Group
              label="Records in the file"
              value={resource}
              onChange={(v) => {
                setResource(v as 'Member' | 'Office');
                reset();
              }}
            >
              <Group mt={4}>
                <Radio value="Member" label="Members" />
                <Radio value="Office" label="Offices" />
              </Group>
            </Radio.Group>
            <Text size="sm">
              Headers: <Code>{headers.join(', ')}</Code>
            </Text>
            <CsvFileInput
              value={file}
              onChange={(f) => {
                setFile(f);
                reset();
              }}
            />
            <Checkbox
              label={`This file is the whole roster: deactivate the ${PLURAL[resource]} from the MLS that it lacks`}
              checked={wholeRoster}
              onChange={(e) => setWholeRoster(e.currentTarget.checked)}
            />
            {resource === 'Member' && (
              <Checkbox
                label="Send new active members the Create Password mail"
                checked={sendWelcome}
                onChange={(e) => setSendWelcome(e.currentTarget.checked)}
              />
            )}
            <Group>
              <Button type="submit" loading={upload.isPending} disabled={!file}>
                Preview
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {upload.error && (
        <Alert color="red" title="The file cannot be imported" role="alert" styles={ALERT_TITLE}>
          {upload.error.message}
        </Alert>
      )}

      {preview && !current && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Title order={2} size="h3">
              Preview of {preview.fileName ?? 'the file'}: {preview.rows.toLocaleString('en-US')} rows
            </Title>
            <ImportPreview preview={preview} />
            <Group>
              <Button onClick={() => apply.mutate(preview.id)} loading={apply.isPending} disabled={nothingToDo}>
                Apply
              </Button>
              {nothingToDo && <Text size="sm">The file changes nothing.</Text>}
            </Group>
            {apply.error && (
              <Alert color="red" title="The import was not applied" role="alert" styles={ALERT_TITLE}>
                {apply.error.message}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}

      {current && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Title order={2} size="h3">
              {current.status === 'applied'
                ? 'The import is applied'
                : current.status === 'failed'
                  ? 'The import failed'
                  : 'Applying the import'}
            </Title>
            {current.status === 'applying' && (
              <Stack gap={4}>
                <Progress
                  value={current.progress && current.progress.total > 0 ? (100 * current.progress.done) / current.progress.total : 0}
                  size="lg"
                  animated
                  aria-label="Rows written"
                />
                <Text size="sm" aria-live="polite">
                  {current.progress
                    ? `${current.progress.done.toLocaleString('en-US')} of ${current.progress.total.toLocaleString('en-US')} rows written`
                    : 'Starting…'}
                </Text>
              </Stack>
            )}
            {current.status === 'applied' && (
              <>
                <Alert color="green" role="status" title="Done" styles={ALERT_TITLE}>
                  {FEED_IMPORT_MESSAGES.written(
                    current.counts.created + current.counts.updated + current.counts.deactivated,
                    current.counts.rejected,
                  )}
                </Alert>
                <ImportCounts counts={current.counts} />
                <RefusedRows item={current} applied />
              </>
            )}
            {current.status === 'failed' && (
              <Alert color="red" title="Nothing was changed" role="alert" styles={ALERT_TITLE}>
                {current.error}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
