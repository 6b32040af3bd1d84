import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Enlistment,
  enlistNewSchema,
  passkeyEnlistUrl,
  SECOND_FACTOR_LABELS,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorType,
} from '@portico/shared';
import { useState } from 'react';
import { ApiError } from '../../../core/api';
import { zodFormErrors } from '../../../core/forms';
import { enlistNew, notifyError } from '../api';

const VALUE_FIELD: Record<SecondFactorType, { label: string; type: string; autoComplete: string; description: string }> = {
  email: { label: 'Email Address', type: 'email', autoComplete: 'email', description: 'We will e-mail a 6-digit code to this address.' },
  totp: {
    label: 'Authenticator Name',
    type: 'text',
    autoComplete: 'off',
    description: 'A name to tell this app apart, such as "My phone". The next step shows a QR code to scan.',
  },
  sms: { label: 'Phone Number', type: 'tel', autoComplete: 'tel', description: 'We will text a 6-digit code to this number.' },
  passkey: {
    label: 'Passkey Name',
    type: 'text',
    autoComplete: 'off',
    description: `A name to tell this passkey apart, such as "My laptop". ${SECOND_FACTOR_MESSAGES.passkeyNext}`,
  },
};

interface EnlistModalProps {
  opened: boolean;
  memberId: number;
  types: SecondFactorType[];
  onClose: () => void;
  onStarted: (enlistment: Enlistment) => void;
}

/** The provider's enlist page creates passkeys (seed 002): the app goes there and is sent back here afterwards. */
function goToPasskeyEnlist(name: string) {
  window.location.assign(passkeyEnlistUrl(name, `${window.location.pathname}${window.location.search}`));
}

/**
 * Step one of adding a factor (seed 002 §4): pick a type, enter its value, and Validate sends the code. A passkey is
 * named here and created on the identity provider's passkey enlist page (decision 0968).
 */
export function EnlistModal({ opened, memberId, types, onClose, onStarted }: EnlistModalProps) {
  const [isSending, setSending] = useState(false);
  const form = useForm({
    initialValues: { type: types[0] ?? 'email', emailPhoneOrName: '' },
    validate: (values) => zodFormErrors(enlistNewSchema, { ...values, memberId }),
  });
  const field = VALUE_FIELD[form.getValues().type];
  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    if (values.type === 'passkey') return goToPasskeyEnlist(values.emailPhoneOrName.trim());
    try {
      const enlistment = await enlistNew({
        memberId,
        type: values.type,
        emailPhoneOrName: values.emailPhoneOrName,
        adminSkipValidation: false,
      });
      form.reset();
      onStarted(enlistment);
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
      notifyError(error, SECOND_FACTOR_MESSAGES.addFailed);
    } finally {
      setSending(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Add Authentication" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Text size="sm" fw={500} id="factor-type-label" mb={4}>
              Authentication Type
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="factor-type-label"
              data={types.map((t) => ({ value: t, label: SECOND_FACTOR_LABELS[t] }))}
              {...form.getInputProps('type')}
              onChange={(type) => {
                form.setFieldValue('type', type as SecondFactorType);
                form.clearErrors();
              }}
            />
          </div>
          <TextInput
            label={field.label}
            description={field.description}
            type={field.type}
            autoComplete={field.autoComplete}
            withAsterisk
            data-autofocus
            {...form.getInputProps('emailPhoneOrName')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isSending}>
              {form.getValues().type === 'passkey' ? 'Continue' : 'Validate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
