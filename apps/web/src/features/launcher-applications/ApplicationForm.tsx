import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  APPLICATION_CATEGORIES,
  APPLICATION_CATEGORY_LABELS,
  type LauncherApplication,
  type LauncherApplicationWrite,
  LAUNCHER_APPLICATION_MESSAGES as M,
} from '@portico/shared';
import type { ReactNode } from 'react';
import { ApiError } from '../../core/api';
import { toast } from '../../ui/notify';
import { LeaveModal, useLeaveGuard } from '../settings/index';
import { AudienceEditor } from './AudienceEditor';
import { toPayload, useLauncherForm } from './form';

const CATEGORY_OPTIONS = APPLICATION_CATEGORIES.map((c) => ({ value: c, label: APPLICATION_CATEGORY_LABELS[c] }));
const ACCESS_LEVEL_OPTIONS = [
  { value: '0', label: 'Office administrators only' },
  { value: '3', label: 'Office managers and above (level 3)' },
  { value: '4', label: 'Association staff and above (level 4)' },
  { value: '5', label: 'MLS staff (level 5)' },
];

/**
 * The launcher application's fields and audience. `save` answers the saved application; a server refusal lands on
 * its field (a short name in use, an unknown association or office). Leaving with unsaved edits asks first.
 */
export function ApplicationForm({
  app,
  save,
  saving,
  onSaved,
  extraActions,
}: {
  app: LauncherApplication | null;
  save: (values: LauncherApplicationWrite) => Promise<{ results: LauncherApplication[]; message: string }>;
  saving: boolean;
  onSaved?: (saved: LauncherApplication) => void;
  extraActions?: ReactNode;
}) {
  const form = useLauncherForm(app);
  const blocker = useLeaveGuard(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    try {
      const res = await save(toPayload(values));
      form.resetDirty();
      toast('success', res.message || M.saved);
      if (res.results[0]) onSaved?.(res.results[0]);
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
      toast('failure', error instanceof Error ? error.message : String(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={app ? `${app.name}: launcher settings` : M.newApplication}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="Short name"
            description="Unique; identifies the application."
            withAsterisk
            {...form.getInputProps('nameShort')}
          />
        </SimpleGrid>
        <TextInput label="URL" description="Where the tile opens (http or https)." withAsterisk {...form.getInputProps('url')} />
        <TextInput label="Icon URL" description="Optional: an http(s) URL or a path on this site." {...form.getInputProps('iconUrl')} />
        <Textarea label="Hover text" autosize minRows={2} {...form.getInputProps('hoverText')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Category" data={CATEGORY_OPTIONS} allowDeselect={false} {...form.getInputProps('applicationCategory')} />
          <Select
            label="Who may switch it for their own office"
            data={ACCESS_LEVEL_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('accessLevel')}
          />
        </SimpleGrid>
        <Checkbox
          label="Connected application (each main office can switch it off on the application settings page)"
          {...form.getInputProps('isConnected', { type: 'checkbox' })}
        />
        <AudienceEditor form={form} />
        <Group justify="space-between">
          {extraActions ?? <span />}
          <Button type="submit" loading={saving}>
            {app ? 'Save' : 'Add to the launcher'}
          </Button>
        </Group>
      </Stack>
      <LeaveModal opened={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </form>
  );
}
