import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTimeZoned, SHARED_LOGIN_MESSAGES as M, SHARED_LOGINS_PATH, type SharedLoginSignIn } from '@portico/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../core/api';
import { useMlsZone } from '../../../core/member';
import { toast } from '../../../ui/notify';
import { Spinner } from '../../../ui/Spinner';
import { useIsPhone } from '../../../ui/useIsPhone';
import { useMemberAction, useSharedLoginDetail } from '../api';
import { FlagCard } from './FlagCard';

const failure = (error: unknown) => toast('failure', error instanceof ApiError ? error.message : M.fetchFailed);

function Timeline({ signIns, zone }: { signIns: SharedLoginSignIn[]; zone: string }) {
  const isPhone = useIsPhone();
  if (signIns.length === 0) return <Text size="sm">No sign-ins in the last 90 days.</Text>;
  if (isPhone) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sign-ins">
        {signIns.map((s) => (
          <Paper key={`${s.at}-${s.address}`} withBorder p="xs" component="li">
            <Text size="sm" fw={600}>
              {formatDateTimeZoned(zone, s.at)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {s.place ?? 'Unknown place'} · {s.address || 'unknown address'} · {s.device}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped aria-label="Sign-ins">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Place</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th>Device</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {signIns.map((s) => (
          <Table.Tr key={`${s.at}-${s.address}`}>
            <Table.Td>{formatDateTimeZoned(zone, s.at)}</Table.Td>
            <Table.Td>{s.place ?? 'Unknown place'}</Table.Td>
            <Table.Td>{s.address || '—'}</Table.Td>
            <Table.Td>{s.device}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One member's flags with their evidence, the staff actions and the sign-ins behind them (issue 32 §5). */
export function SharedLoginDetailView({ accountId }: { accountId: number }) {
  const zone = useMlsZone();
  const detail = useSharedLoginDetail(accountId);
  const act = useMemberAction(accountId);
  const [isConfirming, setConfirming] = useState(false);
  const run = async (action: 'Notify' | 'RequireReset' | 'Cite') => {
    try {
      const res = await act.mutateAsync(action);
      toast('success', res.message);
      setConfirming(false);
    } catch (error) {
      failure(error);
    }
  };
  const back = (
    <Anchor component={Link} to={SHARED_LOGINS_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> All flagged members
      </Group>
    </Anchor>
  );
  if (detail.isPending) return <Spinner label="Loading the member's flags" />;
  if (detail.isError || !detail.data) {
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {detail.error instanceof ApiError && detail.error.status !== 500 ? detail.error.message : M.fetchFailed}
        </Alert>
      </Stack>
    );
  }
  const { member, flags, signIns, resetRequired } = detail.data;
  return (
    <Stack>
      {back}
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {member.name} ({member.loginId})
        </Title>
        {resetRequired ? <Badge color="red">Password change required</Badge> : null}
      </Group>
      <Text size="sm">{member.association ?? 'No association'}</Text>
      <Group gap="xs" wrap="wrap" aria-label="Actions on this member">
        <Button variant="default" onClick={() => void run('Notify')} loading={act.isPending && act.variables === 'Notify'}>
          Notify member and broker
        </Button>
        <Button variant="default" color="red" onClick={() => setConfirming(true)} disabled={isConfirming}>
          Require password reset
        </Button>
        <Button variant="default" onClick={() => void run('Cite')} loading={act.isPending && act.variables === 'Cite'}>
          Cite under the password-sharing rule
        </Button>
      </Group>
      {isConfirming ? (
        <Alert color="orange" title="Require a password reset and a new second factor?">
          <Stack gap="xs">
            <Text size="sm">
              The member is signed out everywhere now and must change the password and add a new second factor at the next sign-in.
            </Text>
            <Group gap="xs">
              <Button color="red" onClick={() => void run('RequireReset')} loading={act.isPending}>
                Sign out and require reset
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Title order={3} size="h5">
        Flags
      </Title>
      {flags.length === 0 ? (
        <Text size="sm">{M.notFound}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Flags">
          {flags.map((flag) => (
            <FlagCard key={flag.id} accountId={accountId} flag={flag} zone={zone} />
          ))}
        </Stack>
      )}
      <Title order={3} size="h5">
        Sign-ins of the last 90 days
      </Title>
      <Timeline signIns={signIns} zone={zone} />
    </Stack>
  );
}
