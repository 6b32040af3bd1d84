import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  describeSessionDevice,
  formatDateTimeZoned,
  SECURITY_ACTIVITY_MESSAGES as M,
  MEMBER_SESSION_MESSAGES,
  type SecurityActivityEvent,
} from '@portico/shared';
import { IconAlertTriangle, IconKey, IconLock, IconLogin, IconShieldCheck, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useMlsZone } from '../../../core/member';
import { EmptyState } from '../../../ui/EmptyState';
import { Pager } from '../../../ui/inbox/Pager';
import { Spinner } from '../../../ui/Spinner';
import { useSecurityActivity } from '../api';

function iconOf(event: SecurityActivityEvent) {
  if (event.result !== 'success') return IconAlertTriangle;
  if (event.byStaff) return IconUserShield;
  if (event.kind === 'sign-in') return IconLogin;
  if (event.kind.startsWith('password')) return IconLock;
  if (event.kind.startsWith('recovery') || event.kind === 'staff-recovery-code-issued') return IconKey;
  return IconShieldCheck;
}

function EventRow({ event, zone }: { event: SecurityActivityEvent; zone: string }) {
  const Icon = iconOf(event);
  const hasDevice = Boolean(event.browser || event.os);
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="security-event" aria-label={event.title}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Icon size={24} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{event.title}</Text>
            {event.result !== 'success' && (
              <Badge color="red.9" variant="filled">
                {event.result === 'locked' ? 'Refused' : 'Failed'}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {formatDateTimeZoned(zone, event.occurredOn)}
            {hasDevice ? ` · ${describeSessionDevice(event)}` : ''}
            {event.clientAddress ? ` · ${event.place ?? MEMBER_SESSION_MESSAGES.unknownPlace} · ${event.clientAddress}` : ''}
          </Text>
          {(event.byStaff || event.detail) && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[event.byStaff ? M.byStaff(event.byStaff) : '', event.detail].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The Security activity tab of User Settings (issue 32 §6): the member's own events of the last 90 days, newest first. */
export function SecurityActivityPanel() {
  const zone = useMlsZone();
  const [pageId, setPageId] = useState(1);
  const activity = useSecurityActivity(pageId);

  if (activity.isPending) return <Spinner label="Loading your security activity" />;
  if (activity.isError || !activity.data)
    return (
      <Alert color="red" role="alert">
        {M.fetchFailed}
      </Alert>
    );
  const { events, totalPages } = activity.data;
  return (
    <Stack maw={760}>
      <Text size="sm">{M.intro}</Text>
      {events.length === 0 ? (
        <EmptyState text={M.empty} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Security events">
          {events.map((event) => (
            <EventRow key={event.id} event={event} zone={zone} />
          ))}
        </Stack>
      )}
      <Pager page={pageId} pageCount={totalPages} onChange={setPageId} label="Security activity pages" />
    </Stack>
  );
}
