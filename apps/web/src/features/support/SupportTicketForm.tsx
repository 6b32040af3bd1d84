import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { SUPPORT_MESSAGES, supportTicketFormSchema, TICKET_DESCRIPTION_MAX, TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@portico/shared';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { useCreateTicket } from './api';

/** The support ticket: subject and description, checked with the server's own schema before it is sent. */
export function SupportTicketForm({ onCreated }: { onCreated?: () => void }) {
  const create = useCreateTicket();
  const form = useForm({
    mode: 'controlled',
    initialValues: { subject: '', description: '' },
    validate: (values) => zodFormErrors(supportTicketFormSchema, values),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notifications.show({ color: 'teal', title: 'Success', message: SUPPORT_MESSAGES.ticketCreated, autoClose: TOAST_SUCCESS_MS });
      form.reset();
      onCreated?.();
    } catch (error) {
      const text = error instanceof ApiError ? error.message : String(error);
      if (error instanceof ApiError) {
        for (const e of error.errors)
          form.setFieldError(e.field === 'title' ? 'subject' : e.field === 'fields.Body' ? 'description' : e.field, e.message);
      }
      notifications.show({ color: 'red', title: 'Error', message: `${SUPPORT_MESSAGES.ticketFailed} ${text}`, autoClose: TOAST_ERROR_MS });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          description={`${form.values.description.trim().length} / ${TICKET_DESCRIPTION_MAX} characters, plain text`}
          {...form.getInputProps('description')}
        />
        <Button type="submit" loading={create.isPending}>
          Submit Ticket
        </Button>
      </Stack>
    </form>
  );
}
