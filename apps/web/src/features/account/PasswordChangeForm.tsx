import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { changePasswordSchema, PASSWORD_MESSAGES } from '@portico/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiPost } from '../../app/api';
import { useCountdownHome } from '../../app/countdown';
import { zodFormErrors } from '../../app/forms';
import { memberKeys, useMember } from '../../app/member';
import { NewPasswordFields } from './PasswordFields';

/** The current password clears itself this long after the last keystroke (seed 002 §9). */
export const CURRENT_PASSWORD_RESET_MS = 240_000;
export const POST_CHANGE_REDIRECT_S = 10;
const PASSWORD_ERROR_MS = 7_000;

/** The change-password form with its countdown home after success: /password-change and the User Settings tab. */
export function PasswordChangeForm() {
  const { currentUser } = useMember();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [countdownFrom, setCountdown] = useState<number | null>(null);
  const countdown = useCountdownHome(countdownFrom);
  const clearTimer = useRef<number | undefined>(undefined);
  const form = useForm({
    mode: 'controlled',
    initialValues: { loginId: currentUser.loginId, password: '', newPassword: '', confirmPassword: '' },
    validate: (values) => zodFormErrors(changePasswordSchema, values),
    onValuesChange: (values, previous) => {
      if (values.password === previous.password || !values.password) return;
      window.clearTimeout(clearTimer.current);
      clearTimer.current = window.setTimeout(() => form.setFieldValue('password', ''), CURRENT_PASSWORD_RESET_MS);
    },
  });
  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await apiPost('/api/app/AccountContact/ChangePassword', values);
      await client.invalidateQueries({ queryKey: memberKeys.authMember });
      form.reset();
      setCountdown(POST_CHANGE_REDIRECT_S);
    } catch (error) {
      const isNetwork = error instanceof ApiError && error.code === 'NETWORK';
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
      notifications.show({
        color: 'red',
        title: 'Error',
        message: isNetwork
          ? PASSWORD_MESSAGES.changeNetworkError
          : error instanceof ApiError
            ? error.message
            : PASSWORD_MESSAGES.changeFailed,
        autoClose: PASSWORD_ERROR_MS,
      });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card withBorder maw={520} padding="lg">
      {countdown !== null ? (
        <Alert color="teal" title={PASSWORD_MESSAGES.changed} role="status">
          You will be taken home in {countdown} {countdown === 1 ? 'second' : 'seconds'}.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label="Login ID" value={currentUser.loginId} readOnly />
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              withAsterisk
              description="For your security this field clears itself 4 minutes after you type."
              {...form.getInputProps('password')}
            />
            <NewPasswordFields form={form} />
            <Text size="xs" c="dimmed">
              Fields marked * are required.
            </Text>
            <Button type="submit" loading={saving}>
              Change Password
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
