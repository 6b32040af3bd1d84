import { Anchor, Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  RESOURCE_MATERIALS_TEXTS as R,
  type ResourceMaterialsEntry,
  resourceEditScopeOf,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
  type Viewer,
} from '@portico/shared';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { ConfirmDialog } from '../../../ui/inbox/ConfirmDialog';
import { LoadingBlock } from '../../../ui/LoadingBlock';
import { AssociationPicker } from '../../settings/index';
import { useRemoveOfficeResourceMaterials, useResourceMaterialsEntries } from './api';
import { ResourceMaterialsDrawer } from './ResourceMaterialsForm';

export function entryLabel(entry: Pick<ResourceMaterialsEntry, 'kind' | 'officeCode'>): string {
  if (entry.kind === 'office') return `${R.office} (${entry.officeCode})`;
  return entry.kind === 'brokers' ? R.brokers : R.staff;
}

/**
 * The editor's part of the Resource Materials tab (decision 0801): MLS staff choose an association and edit its two
 * rows, AOR admins edit their association's, a broker edits or removes their office's own row.
 */
export function ResourceMaterialsManager({ viewer }: { viewer: Viewer }) {
  const isMls = resourceEditScopeOf(viewer) === 'mls';
  const [aorId, setAorId] = useState<number | null>(viewer.aorId);
  const entries = useResourceMaterialsEntries(isMls ? aorId : null, !isMls || aorId !== null);
  const remove = useRemoveOfficeResourceMaterials();
  const [editing, setEditing] = useState<ResourceMaterialsEntry | null>(null);
  const [removing, setRemoving] = useState<ResourceMaterialsEntry | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => toasts.show({ color: 'teal', title: 'Success', message: R.removed, autoClose: TOAST_SUCCESS_MS }),
      onError: (error) => toasts.show({ color: 'red', title: 'Error', message: R.removeFailed + error.message, autoClose: TOAST_ERROR_MS }),
    });
    setRemoving(null);
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {R.manageTitle}
      </Title>
      {isMls && <AssociationPicker value={aorId} onSelect={(a) => setAorId(a.id)} />}
      {isMls && aorId === null ? (
        <EmptyState text={R.chooseAssociation} />
      ) : entries.error ? (
        <ErrorPanel title={R.loadFailed} message={entries.error.message} />
      ) : entries.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} maw={960}>
          {entries.data.map((entry) => (
            <EntryCard key={`${entry.kind}-${entry.aorId}`} entry={entry} onEdit={setEditing} onRemove={setRemoving} />
          ))}
        </SimpleGrid>
      ) : (
        <LoadingBlock label="Loading the resource materials" />
      )}
      <ResourceMaterialsDrawer entry={editing} label={editing ? entryLabel(editing) : ''} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        text={R.removeConfirm}
        confirmLabel={R.remove}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function EntryCard({
  entry,
  onEdit,
  onRemove,
}: {
  entry: ResourceMaterialsEntry;
  onEdit: (entry: ResourceMaterialsEntry) => void;
  onRemove: (entry: ResourceMaterialsEntry) => void;
}) {
  const label = entryLabel(entry);
  const headingId = `resource-${entry.kind}-${entry.aorId}`;
  const hint =
    entry.kind === 'office'
      ? R.officeHint
      : entry.kind === 'staff'
        ? R.staffHint
        : entry.canEdit
          ? R.brokersHint
          : R.associationBrokersHint;
  const link = (url: string | null) =>
    url ? (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
        {url}
      </Anchor>
    ) : (
      R.notSet
    );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid={`resource-entry-${entry.kind}`}>
      <Stack gap={6}>
        <Title order={3} size="h4" id={headingId}>
          {label}
        </Title>
        <Text size="sm">{hint}</Text>
        <Field label={R.url}>{link(entry.url)}</Field>
        <Field label={R.password}>{entry.password ? <Code>{entry.password}</Code> : R.notSet}</Field>
        <Field label={R.infoUrl}>{link(entry.infoUrl)}</Field>
        <Field label={R.modifiedOn}>{entry.modifiedOn ? dayjs(entry.modifiedOn).format('MM/DD/YYYY h:mm A') : R.notSet}</Field>
        <Group gap="xs" mt="xs">
          {entry.canEdit ? (
            <Button size="xs" onClick={() => onEdit(entry)}>
              {R.edit}
            </Button>
          ) : (
            <Text size="sm" fs="italic">
              {R.readOnly}
            </Text>
          )}
          {entry.canRemove && (
            <Button size="xs" variant="default" onClick={() => onRemove(entry)}>
              {R.remove}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
