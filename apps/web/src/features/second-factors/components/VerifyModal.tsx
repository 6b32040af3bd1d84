import { Button, Code, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Enlistment, enlistVerifySchema, SECOND_FACTOR_MESSAGES, VERIFICATION_CODE_TTL_MIN } from '@portico/shared';
import { useState } from 'react';
import { ApiError } from '../../../core/api';
import { zodFormErrors } from '../../../core/forms';
import { enlistResend, enlistVerify, notifyError } from '../api';
import { useSecondsLeft } from '../hooks/useSecondsLeft';

interface VerifyModalProps {
  enlistment: Enlistment | null;
  onClose: () => void;
  onVerified: () => void;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** Step two (seed 002 §4): the 6-digit code; an authenticator app first scans the QR code or types the key. */
export function VerifyModal({ enlistment, onClose, onVerified }: VerifyModalProps) {
  const [isChecking, setChecking] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + (enlistment?.canResendCodeInSec ?? 0) * 1000);
  const resendIn = useSecondsLeft(resendAt);
  const form = useForm({
    initialValues: { SuppliedCode: '' },
    validate: (values) => zodFormErrors(enlistVerifySchema, { ...values, EnlistmentId: enlistment?.enlistmentId }),
  });

  const submit = form.onSubmit(async ({ SuppliedCode }) => {
    if (!enlistment) return;
    setChecking(true);
    try {
      await enlistVerify(enlistment.enlistmentId, SuppliedCode.trim());
      onVerified();
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) if (e.field === 'SuppliedCode') form.setFieldError(e.field, e.message);
      notifyError(error, SECOND_FACTOR_MESSAGES.validateFailed);
    } finally {
      setChecking(false);
    }
  });

  const resend = async () => {
    if (!enlistment) return;
    try {
      const again = await enlistResend(enlistment.enlistmentId);
      setResendAt(Date.now() + again.canResendCodeInSec * 1000);
    } catch (error) {
      notifyError(error, SECOND_FACTOR_MESSAGES.addFailed);
    }
  };

  return (
    <Modal opened={!!enlistment} onClose={onClose} title="Enter Verification Code" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {enlistment?.type === 'totp' && enlistment.qrCodeUrl && (
            <>
              <Text size="sm">
                Scan this QR code with your authenticator app, or type the key below into it. Then enter the code it shows.
              </Text>
              <Image src={enlistment.qrCodeUrl} alt="QR code to add the portal to your authenticator app" w={220} h={220} mx="auto" />
              <Text size="sm">
                Key:{' '}
                <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                  {enlistment.secret}
                </Code>
              </Text>
            </>
          )}
          {(enlistment?.type === 'email' || enlistment?.type === 'sms') && (
            <Text size="sm">
              We sent a 6-digit code {enlistment.type === 'sms' ? 'by text message ' : ''}to {enlistment.sentTo}. It works for{' '}
              {VERIFICATION_CODE_TTL_MIN} minutes.
            </Text>
          )}
          <TextInput
            label="Verification Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            withAsterisk
            data-autofocus
            {...form.getInputProps('SuppliedCode')}
          />
          <Group justify="space-between">
            {enlistment?.type === 'email' || enlistment?.type === 'sms' ? (
              <Button variant="subtle" onClick={resend} disabled={resendIn > 0}>
                {resendIn > 0 ? `Resend Code (${clock(resendIn)})` : 'Resend Code'}
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={isChecking}>
                Verify
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
