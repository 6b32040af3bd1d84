import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MESSAGES, resetPasswordSchema } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, apiPost } from '../../core/api';
import { useCountdownHome } from '../../core/countdown';
import { zodFormErrors } from '../../core/forms';
import { Spinner } from '../../ui/Spinner';
import { NewPasswordFields } from './PasswordFields';

/** The page gives up after 15 minutes, and leaves 10 seconds after a success or an invalid token (seed 002 §9). */
export const RESET_PAGE_TIMEOUT_S = 900;
export const RESET_DONE_REDIRECT_S = 10;
const PASSWORD_ERROR_MS = 7_000;

/** /password-reset/{resetToken}: Reset Password, or Create Password with ?isNew=true. */
export function PasswordResetPage() {
  const { resetToken = '' } = useParams();
  const [params] = useSearchParams();
  const isNew = params.get('isNew') === 'true';
  const verb = isNew ? 'Create' : 'Reset';
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const token = useQuery({
    queryKey: ['password-reset', resetToken],
    enabled: !!resetToken,
    retry: false,
    queryFn: async () =>
      (await apiPost<{ memberLoginId: string }>('/api/app/AccountContact/ValidateResetToken', { Token: resetToken })).results[0],
  });
  // No token at all is the invalid state too (seed 002 §8 "Missing Token"): the panel, and home after 10 seconds.
  const invalid = token.isError || !resetToken;
  const left = useCountdownHome(done || invalid ? RESET_DONE_REDIRECT_S : RESET_PAGE_TIMEOUT_S);
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: (v) =>
      Object.fromEntries(
        Object.entries(
          zodFormErrors(resetPasswordSchema, {
            loginId: 'x',
            Token: resetToken,
            Password: v.newPassword,
            ConfirmPassword: v.confirmPassword,
          }),
        ).map(([k, m]) => [k === 'Password' ? 'newPassword' : k === 'ConfirmPassword' ? 'confirmPassword' : k, m]),
      ),
  });
  useEffect(() => {
    document.title = `${verb} Password · Portico`;
    if (!resetToken)
      notifications.show({ color: 'red', title: PASSWORD_MESSAGES.missingTokenTitle, message: PASSWORD_MESSAGES.missingToken });
  }, [verb, resetToken]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await apiPost('/api/app/AccountContact/ResetPassword', {
        loginId: token.data?.memberLoginId,
        Token: resetToken,
        Password: values.newPassword,
        ConfirmPassword: values.confirmPassword,
      });
      setDone(true);
    } catch (error) {
      const message =
        error instanceof ApiError && error.code !== 'NETWORK' ? (error.errors[0]?.message ?? error.message) : PASSWORD_MESSAGES.resetFailed;
      notifications.show({ color: 'red', title: 'Error', message, autoClose: PASSWORD_ERROR_MS });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card withBorder maw={520} mx="auto" padding="xl">
      <Title order={1} size="h2" mb="md">
        {verb} Password
      </Title>
      {token.isLoading && <Spinner label="Checking your link" />}
      {invalid && (
        <Alert color="red" role="alert">
          {PASSWORD_MESSAGES.invalidToken(left ?? RESET_DONE_REDIRECT_S)}
        </Alert>
      )}
      {done && (
        <Alert color="teal" role="status" title={PASSWORD_MESSAGES.resetDone}>
          You will be taken to the home page in {left} seconds.
        </Alert>
      )}
      {token.data && !done && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Login ID" value={token.data.memberLoginId} readOnly />
            <NewPasswordFields form={form} />
            <Button type="submit" loading={saving}>
              {verb} Password
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
