import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { formatDateTimeZoned, SHARED_LOGIN_MESSAGES as M, type SharedLoginFlag } from '@portico/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../core/api';
import { toast } from '../../../ui/notify';
import { useDismissFlag } from '../api';

/** One flag: its score, evidence and dates; an open one is dismissed here with a reason (required). */
export function FlagCard({ accountId, flag, zone }: { accountId: number; flag: SharedLoginFlag; zone: string }) {
  const dismiss = useDismissFlag(accountId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleDismiss = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const res = await dismiss.mutateAsync({ flagId: flag.id, reason });
      toast('success', res.message);
    } catch (e) {
      if (e instanceof ApiError) setError(e.errors.find((f) => f.field === 'reason')?.message);
      toast('failure', e instanceof ApiError ? e.message : M.fetchFailed);
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="shared-login-flag" aria-label={flag.label}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{flag.label}</Text>
          <Group gap="xs">
            <Badge variant="light" color="gray" c="dark">
              Score {flag.score}
            </Badge>
            <Badge variant="outline" color={flag.state === 'open' ? 'red' : 'gray'} c={flag.state === 'open' ? undefined : 'dark'}>
              {flag.state === 'open' ? 'Open' : 'Dismissed'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {flag.summary}
        </Text>
        <Text size="sm" c="dimmed">
          First seen {formatDateTimeZoned(zone, flag.firstSeenOn)} · last seen {formatDateTimeZoned(zone, flag.lastSeenOn)}
        </Text>
        {flag.state === 'dismissed' ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Dismissed{flag.dismissedBy ? ` by ${flag.dismissedBy}` : ''}: {flag.dismissedReason}
          </Text>
        ) : (
          <form onSubmit={(e) => void handleDismiss(e)} aria-label={`Dismiss ${flag.label}`}>
            <Stack gap="xs">
              <Textarea
                label="Reason to dismiss"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={error}
                autosize
                minRows={1}
              />
              <Group>
                <Button type="submit" variant="default" loading={dismiss.isPending}>
                  Dismiss flag
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
