import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatDateTimeZoned,
  SHARED_LOGIN_MESSAGES as M,
  SHARED_LOGIN_KIND_LABELS,
  SHARED_LOGINS_PATH,
  type SharedLoginMember,
  type Viewer,
} from '@portico/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMlsZone } from '../../../core/member';
import { EmptyState } from '../../../ui/EmptyState';
import { Pager } from '../../../ui/inbox/Pager';
import { Spinner } from '../../../ui/Spinner';
import { useSharedLogins } from '../api';
import { SharedLoginDetailView } from './SharedLoginDetailView';
import { ThresholdsForm } from './ThresholdsForm';

export const scoreColor = (score: number) => (score >= 70 ? 'red.9' : 'gray.8');

function QueueRow({ member, zone }: { member: SharedLoginMember; zone: string }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="shared-login-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={`${SHARED_LOGINS_PATH}/${member.accountId}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.name} ({member.loginId})
          </Anchor>
          <Badge color={scoreColor(member.score)} variant="filled" aria-label={`Score ${member.score} of 100`}>
            Score {member.score}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          {member.kinds.map((kind) => (
            <Badge key={kind} variant="light" color="gray" c="dark">
              {SHARED_LOGIN_KIND_LABELS[kind]}
            </Badge>
          ))}
        </Group>
        <Text size="sm">
          {member.association ?? 'No association'} · first seen {formatDateTimeZoned(zone, member.firstSeenOn)} · last seen{' '}
          {formatDateTimeZoned(zone, member.lastSeenOn)}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The AOR Center's Shared logins tab (issue 32 §5, decision 1152): the members whose sign-ins look shared, highest
 * score first (association staff see their association's members), the thresholds, and one member's flags at `id`.
 */
export function SharedLoginsPanel({ id, viewer }: { id: string | undefined; viewer: Viewer }) {
  const zone = useMlsZone();
  const [pageId, setPageId] = useState(1);
  const accountId = id && /^\d+$/.test(id) ? Number(id) : null;
  const queue = useSharedLogins(pageId);
  if (accountId !== null) return <SharedLoginDetailView accountId={accountId} />;

  return (
    <Stack>
      <Text size="sm">{M.intro}</Text>
      {queue.isPending ? (
        <Spinner label="Loading the shared-login flags" />
      ) : queue.isError || !queue.data ? (
        <Alert color="red" role="alert">
          {M.fetchFailed}
        </Alert>
      ) : queue.data.members.length === 0 ? (
        <EmptyState text={M.empty} />
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {queue.data.totalResults.toLocaleString('en-US')} {queue.data.totalResults === 1 ? 'member' : 'members'} flagged
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Flagged members">
            {queue.data.members.map((member) => (
              <QueueRow key={member.accountId} member={member} zone={zone} />
            ))}
          </Stack>
          <Pager page={pageId} pageCount={queue.data.totalPages} onChange={setPageId} label="Shared logins pages" />
        </>
      )}
      <Title order={2} size="h4" mt="md">
        {M.settingsTitle}
      </Title>
      <ThresholdsForm canEdit={viewer.level === 5} />
    </Stack>
  );
}
