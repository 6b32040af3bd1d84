import { Badge, Button, Card, Group, Modal, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type EulaVersion, formatEulaTimeUtc, EULA_MESSAGES as M, publishEulaSchema } from '@portico/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { toast } from '../../ui/notify';
import { RichTextField } from '../../ui/RichTextField';
import { TableStatus } from '../../ui/TableStatus';
import { ACCEPTANCES_PAGE_SIZE, useEulaAcceptances, useEulaVersions, usePublishEula } from './api';

/** The AOR Center's EULA tab (MLS staff): the published versions, publishing a new one, and who accepted which. */
export function EulaAdminPanel() {
  const versions = useEulaVersions();
  const [publishing, setPublishing] = useState(false);
  const [shown, setShown] = useState<EulaVersion | null>(null);
  const list = versions.data ?? [];
  const selected = shown ?? list.find((v) => v.isCurrent) ?? null;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          End User License Agreement
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPublishing(true)}>
          Publish New Version
        </Button>
      </Group>
      {versions.error ? (
        <ErrorPanel title="Error" message={versions.error.message} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Published (UTC)</Table.Th>
                <Table.Th>Published By</Table.Th>
                <Table.Th>Accepted By</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    {v.version}{' '}
                    {v.isCurrent && (
                      <Badge size="sm" color="teal.9" variant="filled">
                        Current
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{v.name}</Table.Td>
                  <Table.Td>{formatEulaTimeUtc(v.publishedOn)}</Table.Td>
                  <Table.Td>{v.publishedBy ?? 'Portico'}</Table.Td>
                  <Table.Td>{v.acceptedCount.toLocaleString('en-US')} members</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setShown(v)} aria-label={`Who accepted version ${v.version}`}>
                      Who accepted
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TableStatus
            isLoading={versions.isLoading}
            isEmpty={!list.length}
            loadingText="Loading the versions"
            emptyText="No agreement published"
          />
        </Table.ScrollContainer>
      )}
      {selected && <Acceptances key={selected.id} version={selected} />}
      <PublishModal opened={publishing} onClose={() => setPublishing(false)} onPublished={() => setShown(null)} />
    </Stack>
  );
}

function Acceptances({ version }: { version: EulaVersion }) {
  const [page, setPage] = useState(1);
  const acceptances = useEulaAcceptances(version.id, page);
  const rows = acceptances.data?.results ?? [];
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        Accepted version {version.version}: {version.name}
      </Title>
      {acceptances.error ? (
        <ErrorPanel title="Error" message={acceptances.error.message} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={`Members who accepted version ${version.version}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Login ID</Table.Th>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Signature</Table.Th>
                  <Table.Th>Accepted (UTC)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.memberId}>
                    <Table.Td>{a.loginId}</Table.Td>
                    <Table.Td>{a.memberName}</Table.Td>
                    <Table.Td>{a.signature ?? ''}</Table.Td>
                    <Table.Td>{formatEulaTimeUtc(a.acknowledgementTime)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TableStatus
            isLoading={acceptances.isLoading}
            isEmpty={!rows.length}
            loadingText="Loading"
            emptyText="Nobody has accepted this version yet"
          />
          {(acceptances.data?.totalPages ?? 0) > 1 && (
            <Group justify="space-between" mt="sm">
              <Text size="sm">{acceptances.data?.totalResults.toLocaleString('en-US')} members</Text>
              <Pagination
                total={acceptances.data?.totalPages ?? 1}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            </Group>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {ACCEPTANCES_PAGE_SIZE} a page, newest first.
          </Text>
        </>
      )}
    </Card>
  );
}

function PublishModal({ opened, onClose, onPublished }: { opened: boolean; onClose: () => void; onPublished: () => void }) {
  const publish = usePublishEula();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', content: '' },
    validate: (values) => zodFormErrors(publishEulaSchema, values),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      await publish.mutateAsync(values);
      toast('success', M.published);
      onPublished();
      close();
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
      toast('failure', M.publishFailed + (error instanceof Error ? error.message : ''));
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="Publish a new EULA version" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Title" withAsterisk {...form.getInputProps('name')} />
            <RichTextField
              label="Agreement Text"
              value={form.getValues().content}
              error={form.errors.content as string | undefined}
              onChange={(html) => form.setFieldValue('content', html)}
            />
            <Text size="sm">Once published, every member is asked to accept this version at their next visit before anything else.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={publish.isPending}>
                Publish
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
