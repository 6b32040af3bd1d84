import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LAUNCHER_APPLICATION_MESSAGES as M, MEMBER_TYPES } from '@portico/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useAssociations } from '../settings/index';
import { EMPTY_AUDIENCE_ROW, type LauncherFormValues } from './form';

const MEMBER_TYPE_OPTIONS = MEMBER_TYPES.map((t) => ({ value: String(t.value), label: t.name }));

/**
 * The audience rows (application_audiences): none, every member; else a member may use the application when one row
 * matches on every column it sets (association, main office code, member type).
 */
export function AudienceEditor({ form }: { form: UseFormReturnType<LauncherFormValues> }) {
  const associations = useAssociations(true);
  const aorOptions = (associations.data ?? []).map((a) => ({ value: String(a.id), label: `${a.shortName} – ${a.name}` }));
  const rows = form.getValues().audience;
  return (
    <Stack gap="xs" role="group" aria-labelledby="launcher-audience-title">
      <Title order={3} size="h5" id="launcher-audience-title">
        Audience
      </Title>
      <Text size="sm" c="dimmed">
        {rows.length === 0
          ? M.everyone
          : 'A member may use the application when one row matches: every field a row sets must equal the member’s association, main office or member type.'}
      </Text>
      {rows.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; the form's paths are by position too
        <Group key={i} align="flex-start" gap="xs" wrap="wrap" data-testid="audience-row">
          <Select
            label={`Row ${i + 1}: association`}
            placeholder="Any association"
            data={aorOptions}
            searchable
            clearable
            w={240}
            {...form.getInputProps(`audience.${i}.aorId`)}
          />
          <TextInput
            label={`Row ${i + 1}: main office code`}
            placeholder="Any main office"
            w={180}
            {...form.getInputProps(`audience.${i}.mainOfficeCode`)}
          />
          <Select
            label={`Row ${i + 1}: member type`}
            placeholder="Any member type"
            data={MEMBER_TYPE_OPTIONS}
            clearable
            w={200}
            {...form.getInputProps(`audience.${i}.memberType`)}
          />
          <ActionIcon
            variant="subtle"
            color="red.8"
            mt={26}
            size="lg"
            aria-label={`Remove audience row ${i + 1}`}
            onClick={() => form.removeListItem('audience', i)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem('audience', { ...EMPTY_AUDIENCE_ROW })}
        >
          Add audience row
        </Button>
      </Group>
    </Stack>
  );
}
