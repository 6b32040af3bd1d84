import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { changePasswordSchema, PASSWORD_MESSAGES } from '@portico/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiPost } from '../../core/api';
import { useCountdownHome } from '../../core/countdown';
import { zodFormErrors } from '../../core/forms';
import { memberKeys, useMember } from '../../core/member';
import { refreshAfterWrite } from '../../core/refresh';
import { NewPasswordFields } from './PasswordFields';

/** The current password clears itself this long after the last keystroke (seed 002 §4, §9). */
export const CURRENT_PASSWORD_RESET_S = 240;

/** The countdown of the current-password field: seconds left before it clears, null when it holds nothing typed. */
function useClearCountdown(onClear: () => void) {
  const [clearAt, setClearAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (clearAt === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [clearAt]);
  useEffect(() => {
    if (clearAt !== null && now >= clearAt) {
      setClearAt(null);
      onClear();
    }
  }, [now, clearAt, onClear]);
  const restart = (typed: boolean) => {
    // One reading of the clock: two could straddle a millisecond and show 241 seconds until the first tick.
    const at = Date.now();
    setNow(at);
    setClearAt(typed ? at + CURRENT_PASSWORD_RESET_S * 1000 : null);
  };
  return { left: clearAt === null ? null : Math.max(0, Math.ceil((clearAt - now) / 1000)), restart };
}
export const POST_CHANGE_REDIRECT_S = 10;
const PASSWORD_ERROR_MS = 7_000;
const CLEARS_AFTER = `For your security this field clears itself ${CURRENT_PASSWORD_RESET_S / 60} minutes after you type.`;

/** The change-password form with its countdown home after success: /password-change and the User Settings tab. */
export function PasswordChangeForm() {
  const { currentUser } = useMember();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [countdownFrom, setCountdown] = useState<number | null>(null);
  const redirect = useCountdownHome(countdownFrom);
  const form = useForm({
    mode: 'controlled',
    initialValues: { loginId: currentUser.loginId, password: '', newPassword: '', confirmPassword: '' },
    validate: (values) => zodFormErrors(changePasswordSchema, values),
    onValuesChange: (values, previous) => {
      if (values.password !== previous.password) countdown.restart(!!values.password);
    },
  });
  const [clearPassword] = useState(() => () => form.setFieldValue('password', ''));
  const countdown = useClearCountdown(clearPassword);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await apiPost('/api/app/AccountContact/ChangePassword', values);
      await refreshAfterWrite(client, memberKeys.authMember);
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
      {redirect !== null ? (
        <Alert color="teal" title={PASSWORD_MESSAGES.changed} role="status">
          You will be taken home in {redirect} {redirect === 1 ? 'second' : 'seconds'}.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label="Login ID" value={currentUser.loginId} readOnly />
            <Tooltip
              label={countdown.left === null ? CLEARS_AFTER : PASSWORD_MESSAGES.currentClearsIn(countdown.left)}
              events={{ hover: true, focus: true, touch: true }}
              position="top-end"
              withinPortal={false}
            >
              <PasswordInput
                label="Current Password"
                autoComplete="current-password"
                withAsterisk
                description={countdown.left === null ? CLEARS_AFTER : PASSWORD_MESSAGES.currentClearsIn(countdown.left)}
                {...form.getInputProps('password')}
              />
            </Tooltip>
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
