import { Alert, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SETTINGS_MESSAGES, TOAST_ERROR_MS } from '@portico/shared';
import { useMemo } from 'react';
import { ApiError } from '../../../core/api';
import { FLOAT_CLEARANCE } from '../../../core/shell/floating';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { type OwnerType, useDerivedSettings, useSaveSettings, useSettingsCatalog } from '../api';
import { SettingControl } from './SettingControl';

interface Props {
  ownerType: OwnerType;
  ownerId: number | null;
  viewerLevel: number;
  edits: Record<number, string>;
  onEdit: (typeId: number, value: string | null) => void;
  onSaved: () => void;
}

/** The settings of one owner, grouped; changes are held by the page (dirty flag) until Save writes them all. */
export function SettingsForm({ ownerType, ownerId, viewerLevel, edits, onEdit, onSaved }: Props) {
  const catalog = useSettingsCatalog();
  const derived = useDerivedSettings(ownerType, ownerId);
  const save = useSaveSettings(ownerType);
  const byType = useMemo(() => new Map(derived.data?.settings.map((s) => [s.typeId, s])), [derived.data]);
  const changes = Object.entries(edits)
    .map(([typeId, shortValue]) => ({ typeId: Number(typeId), shortValue }))
    .filter((c) => byType.get(c.typeId)?.shortValue !== c.shortValue);

  if (catalog.error || derived.error) {
    return <ErrorPanel title={SETTINGS_MESSAGES.noResults} message={(catalog.error ?? derived.error)?.message} />;
  }
  if (!catalog.data || !derived.data) {
    return (
      <Group gap="xs" py="lg" role="status">
        <Loader size="sm" />
        <Text>{SETTINGS_MESSAGES.loadingResults}</Text>
      </Group>
    );
  }

  const handleSave = () => {
    if (!ownerId || changes.length === 0) return;
    save.mutate(
      { ownerId, settings: changes.map((c) => ({ ...c, actionRequired: false })) },
      {
        onSuccess: () => {
          onSaved();
          notifications.show({
            id: 'settings-saved',
            title: SETTINGS_MESSAGES.settingsSaved,
            message: '',
            color: 'green',
            autoClose: false,
            closeButtonProps: { 'aria-label': 'Close' },
            styles: { description: { color: 'var(--mantine-color-text)' } },
          });
        },
        onError: (error) => {
          notifications.show({
            title: 'There was a problem with this request',
            message: error instanceof ApiError ? error.message : String(error),
            color: 'red',
            autoClose: TOAST_ERROR_MS,
            closeButtonProps: { 'aria-label': 'Close' },
            styles: { description: { color: 'var(--mantine-color-text)' } },
          });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {catalog.data.groups.map((group) => {
        const types = catalog.data.types.filter((t) => t.groupId === group.id);
        if (types.length === 0) return null;
        return (
          <Card key={group.id} withBorder component="section" aria-labelledby={`group-${group.id}`}>
            <Title order={2} size="h4" id={`group-${group.id}`}>
              {group.name}
            </Title>
            <Text size="sm" mb="xs">
              {group.description}
            </Text>
            {types.map((type, i) => {
              const setting = byType.get(type.id);
              if (!setting) return null;
              const value = edits[type.id] ?? setting.shortValue;
              return (
                <div key={type.id}>
                  {i > 0 && <Divider />}
                  <SettingControl
                    type={type}
                    group={group}
                    setting={setting}
                    value={value}
                    viewerLevel={viewerLevel}
                    isChanged={value !== setting.shortValue}
                    onChange={(v) => onEdit(type.id, v === setting.shortValue ? null : v)}
                  />
                </div>
              );
            })}
          </Card>
        );
      })}
      {save.error instanceof ApiError && save.error.status === 403 && (
        <Alert color="red" role="alert">
          {save.error.message}
        </Alert>
      )}
      <Group justify="flex-end" pos="sticky" bottom={0} py="sm" pr={{ base: FLOAT_CLEARANCE, sm: 0 }} bg="var(--mantine-color-body)">
        <Button onClick={handleSave} disabled={changes.length === 0 || save.isPending} loading={save.isPending}>
          {SETTINGS_MESSAGES.save}
        </Button>
      </Group>
    </Stack>
  );
}
