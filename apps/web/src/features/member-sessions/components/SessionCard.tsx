import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { describeSessionDevice, formatDateTimeZoned, MEMBER_SESSION_MESSAGES as M, type MemberSession } from '@portico/shared';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconWorld } from '@tabler/icons-react';

const ICONS = { desktop: IconDeviceDesktop, mobile: IconDeviceMobile, tablet: IconDeviceTablet, other: IconWorld };

interface SessionCardProps {
  session: MemberSession;
  zone: string;
  isSigningOut: boolean;
  onSignOut: (session: MemberSession) => void;
}

/** One signed-in browser or app: device, place and address, first and last seen; 'Sign out' unless it is this one. */
export function SessionCard({ session, zone, isSigningOut, onSignOut }: SessionCardProps) {
  const Icon = ICONS[session.deviceType];
  const device = describeSessionDevice(session);
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="session-row" aria-label={device}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Icon size={28} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {device}
              </Text>
              {session.isCurrent && (
                <Badge color="teal.9" variant="filled">
                  This device
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {session.place ?? M.unknownPlace}
              {session.clientAddress ? ` · ${session.clientAddress}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              Signed in {formatDateTimeZoned(zone, session.signedInOn)} · Last seen {formatDateTimeZoned(zone, session.lastSeenOn)}
            </Text>
          </Stack>
        </Group>
        {!session.isCurrent && (
          <Button variant="default" size="sm" loading={isSigningOut} onClick={() => onSignOut(session)} aria-label={`Sign out ${device}`}>
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}
