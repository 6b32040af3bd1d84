import { Button, Paper, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { toast } from '../../ui/notify';
import { useResendCreatePassword } from './api';

/** Staff's resend of the seed's 'Create Password' mail to a member the feed created who has no password yet. */
export function ResendCreatePassword() {
  const [loginId, setLoginId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resend = useResendCreatePassword();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feed-resend" miw={300}>
      <Title order={2} size="h4" id="feed-resend" mb="xs">
        Create Password mail
      </Title>
      <Text size="sm" mb="sm">
        A member the feed created gets a Create Password mail. Send a new one to a member who has not set a password yet.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          resend.mutate(loginId.trim(), {
            onSuccess: (res) => {
              toast('success', res.message);
              setLoginId('');
            },
            onError: (err) => setError(err instanceof ApiError ? (err.errors[0]?.message ?? err.message) : err.message),
          });
        }}
      >
        <TextInput
          label="Login ID"
          value={loginId}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setLoginId(value);
          }}
          error={error}
          required
          maxLength={200}
          mb="sm"
        />
        <Button type="submit" loading={resend.isPending} disabled={!loginId.trim()}>
          Resend Create Password mail
        </Button>
      </form>
    </Paper>
  );
}
