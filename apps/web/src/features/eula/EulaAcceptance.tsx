import { Alert, Box, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { EULA_MESSAGES, eulaBodyWithoutTitle, eulaSignatureMatches, eulaSignatureName } from '@portico/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../core/api';
import { useMember } from '../../core/member';
import { renumberHeadings } from '../../ui/inbox/heading-levels';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { toast } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { useAcknowledgeEula, useCurrentEula } from './api';

/**
 * The agreement a member must accept before anything else (seed 002 §4): they type their own name (letter case
 * ignored) and accept, or decline and are signed out.
 */
export function EulaAcceptance() {
  const { currentUser } = useMember();
  const navigate = useNavigate();
  const eula = useCurrentEula();
  const acknowledge = useAcknowledgeEula();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = eulaSignatureName(currentUser.firstName, currentUser.lastName);
  useEffect(() => {
    document.title = 'End User License Agreement · Portico';
  }, []);

  const accept = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!eula.data) return;
    if (!eulaSignatureMatches(typed, currentUser.firstName, currentUser.lastName)) {
      setError(EULA_MESSAGES.nameMismatch);
      return;
    }
    setError(null);
    try {
      await acknowledge.mutateAsync({
        loginId: currentUser.loginId,
        name: typed,
        licenseId: eula.data.id,
        notificationId: null,
        type: 'eula',
      });
      toast('success', EULA_MESSAGES.accepted);
    } catch (e) {
      const field = e instanceof ApiError ? e.errors.find((f) => f.field === 'name') : undefined;
      if (field) setError(field.message);
      else {
        toast('failure', e instanceof ApiError ? e.message : EULA_MESSAGES.loadFailed);
        if (e instanceof ApiError && e.status === 409) void eula.refetch();
      }
    }
  };

  return (
    <Card withBorder maw={820} mx="auto" padding="xl">
      {eula.isLoading && <Spinner label="Loading the agreement" />}
      {eula.isError && (
        <Alert color="red" title="Error" role="alert">
          {EULA_MESSAGES.loadFailed}
        </Alert>
      )}
      {eula.data && (
        <form onSubmit={accept} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {eula.data.name}
            </Title>
            <Text size="sm" c="dimmed">
              Version {eula.data.version}. Please read the agreement; you need to accept it to use the portal.
            </Text>
            {/* A focusable region: keyboard users scroll the agreement too. */}
            <Box role="region" aria-label="Agreement text" tabIndex={0} mah="50vh" style={{ overflowY: 'auto' }}>
              <SafeHtml html={renumberHeadings(eulaBodyWithoutTitle(eula.data.content, eula.data.name), 2)} testId="eula-content" />
            </Box>
            <TextInput
              label="Type your name to accept"
              description={`Type your name as it appears: ${name}`}
              autoComplete="off"
              withAsterisk
              value={typed}
              error={error}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/logout')}>
                Decline
              </Button>
              <Button type="submit" loading={acknowledge.isPending}>
                Accept
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {eula.isError && (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => navigate('/logout')}>
            Decline
          </Button>
        </Group>
      )}
    </Card>
  );
}
