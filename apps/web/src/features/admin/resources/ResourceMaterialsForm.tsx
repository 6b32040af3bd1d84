import { Button, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications as toasts } from '@mantine/notifications';
import {
  RESOURCE_MATERIALS_TEXTS as R,
  RESOURCE_MATERIALS_LIMITS,
  type ResourceMaterialsEntry,
  resourceMaterialsInputSchema,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
} from '@portico/shared';
import { ApiError } from '../../../core/api';
import { zodFormErrors } from '../../../core/forms';
import { useSaveResourceMaterials } from './api';

interface Values {
  url: string;
  password: string;
  image: string;
  infoUrl: string;
  infoImage: string;
}

/** The "Edit Resource Materials" slide-over: one row's url, password, image and support page. */
export function ResourceMaterialsDrawer({
  entry,
  label,
  onClose,
}: {
  entry: ResourceMaterialsEntry | null;
  label: string;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={R.formTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {entry && (
        <ResourceMaterialsForm key={`${entry.kind}-${entry.aorId}-${entry.officeId}`} entry={entry} label={label} onDone={onClose} />
      )}
    </Drawer>
  );
}

function ResourceMaterialsForm({ entry, label, onDone }: { entry: ResourceMaterialsEntry; label: string; onDone: () => void }) {
  const save = useSaveResourceMaterials();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      url: entry.url,
      password: entry.password,
      image: entry.image,
      infoUrl: entry.infoUrl ?? '',
      infoImage: entry.infoImage ?? '',
    },
    validate: (values) => zodFormErrors(resourceMaterialsInputSchema, values),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { entry, values },
      {
        onSuccess: () => {
          toasts.show({ color: 'teal', title: 'Success', message: R.saved, autoClose: TOAST_SUCCESS_MS });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
          toasts.show({ color: 'red', title: 'Error', message: R.saveFailed + error.message, autoClose: TOAST_ERROR_MS });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fw={600}>{label}</Text>
        <TextInput label={R.url} placeholder="https://" maxLength={RESOURCE_MATERIALS_LIMITS.urlMax} {...form.getInputProps('url')} />
        <TextInput
          label={R.password}
          withAsterisk={!!form.values.url.trim()}
          autoComplete="off"
          maxLength={RESOURCE_MATERIALS_LIMITS.passwordMax + 1}
          {...form.getInputProps('password')}
        />
        <TextInput label={R.image} description={R.imageHint} placeholder="/admin/resource-materials.svg" {...form.getInputProps('image')} />
        <TextInput label={R.infoUrl} placeholder="https://" {...form.getInputProps('infoUrl')} />
        <TextInput
          label={R.infoImage}
          description={R.imageHint}
          placeholder="/admin/support-page.svg"
          {...form.getInputProps('infoImage')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {R.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {R.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
