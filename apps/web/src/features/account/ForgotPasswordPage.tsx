import { Alert, Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { forgotPasswordSchema, PASSWORD_MESSAGES, TOAST_ERROR_MS } from '@portico/shared';
import { useEffect, useState } from 'react';
import { ApiError, apiPost } from '../../core/api';
import { signIn } from '../../core/auth';
import { useCountdownHome } from '../../core/countdown';
import { zodFormErrors } from '../../core/forms';

export const FORGOT_PASSWORD_REDIRECT_S = 20;

/** /forgot-password: asks for a User ID and mails a reset link; confirms with a 20 second countdown to /. */
export function ForgotPasswordPage() {
  const [sending, setSending] = useState(false);
  const [countdownFrom, setCountdown] = useState<number | null>(null);
  const countdown = useCountdownHome(countdownFrom);
  const form = useForm({ initialValues: { LoginId: '' }, validate: (values) => zodFormErrors(forgotPasswordSchema, values) });
  useEffect(() => {
    document.title = 'Forgot Password · Portico';
  }, []);

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      await apiPost('/api/app/AccountContact/ForgotPassword', values);
      setCountdown(FORGOT_PASSWORD_REDIRECT_S);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: error instanceof ApiError && error.code !== 'NETWORK' ? error.message : PASSWORD_MESSAGES.forgotFailed,
        autoClose: TOAST_ERROR_MS,
      });
    } finally {
      setSending(false);
    }
  });

  return (
    <Card withBorder maw={480} mx="auto" padding="xl">
      <Title order={1} size="h2" mb="xs">
        Welcome
      </Title>
      {countdown !== null ? (
        <Alert color="teal" title="Request received" role="status">
          <Text size="sm">{PASSWORD_MESSAGES.forgotReceived}</Text>
          <Text size="sm" mt="xs">
            You will be taken to the home page in {countdown} {countdown === 1 ? 'second' : 'seconds'}.
          </Text>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              Enter your User ID and we will e-mail you a link to reset your password. If you have forgotten your User ID, contact your
              association or MLS support.
            </Text>
            <TextInput label="User ID" autoComplete="username" withAsterisk {...form.getInputProps('LoginId')} />
            <Button type="submit" loading={sending}>
              Send password reset email
            </Button>
            <Anchor component="button" type="button" onClick={() => void signIn()} size="sm">
              Back to Login
            </Anchor>
          </Stack>
        </form>
      )}
    </Card>
  );
}
