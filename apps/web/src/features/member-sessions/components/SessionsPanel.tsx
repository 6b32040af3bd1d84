import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MEMBER_SESSION_MESSAGES as M, type MemberSession } from '@portico/shared';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../core/api';
import { useMlsZone } from '../../../core/member';
import { refreshAfterWrite } from '../../../core/refresh';
import { toast } from '../../../ui/notify';
import { Spinner } from '../../../ui/Spinner';
import { memberSessionKeys, signOutOthers, signOutSession, useMemberSessions } from '../api';
import { SessionCard } from './SessionCard';

const failure = (error: unknown) => (error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : M.signOutFailed);

/** The Sessions tab of User Settings (issue 32 §1): every signed-in browser of the member, and signing them out. */
export function SessionsPanel() {
  const client = useQueryClient();
  const zone = useMlsZone();
  const sessions = useMemberSessions();
  const [endingId, setEndingId] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isEndingOthers, setEndingOthers] = useState(false);

  if (sessions.isPending) return <Spinner label="Loading your sessions" />;
  if (sessions.isError || !sessions.data)
    return (
      <Alert color="red" role="alert">
        {M.fetchFailed}
      </Alert>
    );
  const others = sessions.data.filter((s) => !s.isCurrent).length;

  const handleSignOut = async (session: MemberSession) => {
    setEndingId(session.sessionId);
    try {
      toast('success', await signOutSession(session.sessionId));
    } catch (error) {
      toast('failure', failure(error));
    } finally {
      setEndingId(null);
      void refreshAfterWrite(client, memberSessionKeys.list);
    }
  };
  const handleSignOutOthers = async () => {
    setConfirming(false);
    setEndingOthers(true);
    try {
      toast('success', await signOutOthers());
    } catch (error) {
      toast('failure', failure(error));
    } finally {
      setEndingOthers(false);
      void refreshAfterWrite(client, memberSessionKeys.list);
    }
  };

  return (
    <Stack maw={760}>
      <Text size="sm">
        These browsers and apps are signed in to your account. Places are approximate, from the network address. If you do not know one,
        sign it out and change your password.
      </Text>
      <Group>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={others === 0}
          loading={isEndingOthers}
          onClick={() => setConfirming(true)}
        >
          Sign out everywhere else
        </Button>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Signed-in sessions">
        {sessions.data.map((session) => (
          <SessionCard
            key={session.sessionId}
            session={session}
            zone={zone}
            isSigningOut={endingId === session.sessionId}
            onSignOut={(s) => void handleSignOut(s)}
          />
        ))}
      </Stack>
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title="Sign out everywhere else"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text>
          {others === 1 ? 'The other session' : `All ${others} other sessions`} will be signed out at once. This device stays signed in.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void handleSignOutOthers()}>
            Sign out everywhere else
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
