import { ActionIcon, Button, Group, MultiSelect, NativeSelect, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications as toasts } from '@mantine/notifications';
import {
  type AdminMessage,
  type AdminMessageInput,
  type AdminProfile,
  adminMessageSchema,
  defaultExpiration,
  defaultMessageTitle,
  htmlToText,
  memberTypeChoices,
  memberTypeCriteria,
  statusChoices,
  ADMIN_MESSAGE_TEXTS as T,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
} from '@portico/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { ApiError } from '../../../core/api';
import { zodFormErrors } from '../../../core/forms';
import { AudienceSummary } from './AudienceSummary';
import { useMemberTypeLookups, useMessageStatuses, useSaveMessage } from './api';

interface Values {
  title: string;
  message: string;
  url: string;
  expirationDate: string;
  systemNotificationStatusId: string;
  memberTypes: string[];
}

const LOCAL = 'YYYY-MM-DDTHH:mm';

function initialValues(admin: AdminProfile, message: AdminMessage | null): Values {
  if (message) {
    return {
      title: message.title,
      message: htmlToText(message.message),
      url: message.url ?? '',
      expirationDate: message.expirationDate ? dayjs(message.expirationDate).format(LOCAL) : '',
      systemNotificationStatusId: String(message.systemNotificationStatusId),
      memberTypes: message.criteria[0]?.values ?? [],
    };
  }
  return {
    title: defaultMessageTitle(admin.isBroker, admin.office, admin.aor, admin.scope === 'mls' ? admin.mlsName : null),
    message: '',
    url: '',
    expirationDate: dayjs(defaultExpiration()).format(LOCAL),
    systemNotificationStatusId: '1',
    memberTypes: [],
  };
}

/** The form values as the API takes them (seed 002 section 7 payload). */
function toPayload(admin: AdminProfile, v: Values): AdminMessageInput {
  const expires = v.expirationDate ? new Date(v.expirationDate) : null;
  return {
    title: v.title,
    message: v.message,
    url: v.url.trim() || null,
    expirationDate: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : '',
    systemNotificationStatusId: v.systemNotificationStatusId ? Number(v.systemNotificationStatusId) : (null as unknown as number),
    show: true,
    position: 'dash',
    source: 'AOR',
    memberId: admin.memberId,
    criteria: memberTypeCriteria(v.memberTypes),
  };
}

/** The fields of "Admin message" (seed 002 section 5), checked by the same schema as the server. */
export function MessageForm({ admin, message, onDone }: { admin: AdminProfile; message: AdminMessage | null; onDone: () => void }) {
  const choosesMemberTypes = admin.scope !== 'office';
  const statuses = useMessageStatuses();
  const memberTypes = useMemberTypeLookups(choosesMemberTypes);
  const save = useSaveMessage();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(admin, message),
    validate: (values) => {
      const errors = zodFormErrors(adminMessageSchema(), toPayload(admin, values));
      if (errors['criteria.0.values']) errors.memberTypes = errors['criteria.0.values'];
      return errors;
    },
  });
  const isNew = message === null;

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: message?.id ?? null, values: toPayload(admin, values) },
      {
        onSuccess: () => {
          toasts.show({ color: 'teal', title: 'Success', message: isNew ? T.created : T.updated, autoClose: TOAST_SUCCESS_MS });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
          toasts.show({
            color: 'red',
            title: 'Error',
            message: (isNew ? T.createFailed : T.updateFailed) + error.message,
            autoClose: TOAST_ERROR_MS,
          });
        },
      },
    ),
  );

  const officeNote = `${T.officeOnly} ${admin.office ? `${admin.office.name} (${admin.office.code})` : ''}`.trim();
  const mlsIdTip = `${T.mlsIdTip} ${admin.loginId}`;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Title" withAsterisk maxLength={120} {...form.getInputProps('title')} />
        <Textarea label="Message" withAsterisk autosize minRows={4} maxRows={10} {...form.getInputProps('message')} />
        <TextInput label="Link (optional)" placeholder="https://" {...form.getInputProps('url')} />
        <TextInput label="Expiration Date" type="datetime-local" withAsterisk {...form.getInputProps('expirationDate')} />
        <NativeSelect
          label="Message Type"
          withAsterisk
          data={statusChoices(statuses.data ?? [])}
          disabled={statuses.isLoading}
          {...form.getInputProps('systemNotificationStatusId')}
        />
        {choosesMemberTypes ? (
          <MultiSelect
            label="Member Types"
            description={T.memberTypesHint}
            placeholder={form.values.memberTypes.length ? undefined : T.allMemberTypes}
            data={memberTypeChoices(memberTypes.data ?? [])}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear member types' }}
            searchable
            {...form.getInputProps('memberTypes')}
          />
        ) : (
          <Group gap={6} wrap="nowrap" data-testid="office-only">
            <Text size="sm">{officeNote}</Text>
            <Tooltip label={mlsIdTip} withArrow>
              <ActionIcon variant="subtle" size="sm" aria-label={mlsIdTip}>
                <IconInfoCircle size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        <AudienceSummary criteria={choosesMemberTypes ? memberTypeCriteria(form.values.memberTypes) : []} messageId={message?.id ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isNew ? T.create : T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
