import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { LAUNCHER_APPLICATION_MESSAGES, SSO_MESSAGES as M, SSO_PROTOCOL_LABELS, type SsoProtocol } from '@portico/shared';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { TableStatus } from '../../ui/TableStatus';
import { useIsPhone } from '../../ui/useIsPhone';
import { NewLauncherApplication } from '../launcher-applications/index';
import { useRefreshAfterLauncherWrite, useSsoApplications } from './api';
import { SsoEditor } from './SsoEditor';

export const SSO_BASE_PATH = '/admin/single-sign-on';

const PROTOCOL_COLORS: Record<SsoProtocol, string> = { link: 'gray', saml: 'blue', oidc: 'grape' };

export function ProtocolBadge({ protocol }: { protocol: SsoProtocol }) {
  return (
    <Badge
      color={PROTOCOL_COLORS[protocol]}
      variant={protocol === 'link' ? 'outline' : 'light'}
      miw="max-content"
      data-testid="sso-protocol"
    >
      {SSO_PROTOCOL_LABELS[protocol]}
    </Badge>
  );
}

/**
 * The AOR Center's 'Single sign-on' tab (MLS staff): the launcher's applications, one of them (`/admin/single-sign-on/{id}`),
 * or a new one (`/admin/single-sign-on/new`, decision 0994).
 */
export function SsoPanel({ id }: { id: string | undefined }) {
  const refreshSso = useRefreshAfterLauncherWrite();
  if (id === 'new') return <NewLauncherApplication basePath={SSO_BASE_PATH} onWritten={refreshSso} />;
  if (id && /^\d+$/.test(id)) return <SsoEditor key={id} applicationId={Number(id)} />;
  return <SsoList />;
}

function SsoList() {
  const apps = useSsoApplications();
  const isPhone = useIsPhone();
  const rows = apps.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {M.title}
        </Title>
        <Button component={Link} to={`${SSO_BASE_PATH}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
          {LAUNCHER_APPLICATION_MESSAGES.newApplication}
        </Button>
      </Group>
      <Text size="sm">
        Choose how each application of the launcher signs members in: as a plain link, by SAML 2.0 or by OpenID Connect. A tile of an
        application that signs in by SAML opens it already signed in.
      </Text>
      {apps.error ? (
        <ErrorPanel title={M.loadFailed} message={apps.error.message} />
      ) : (
        <Table.ScrollContainer minWidth={320} data-testid="sso-list">
          <Table striped highlightOnHover aria-label="Applications and how they sign in">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Application</Table.Th>
                <Table.Th>Sign-on</Table.Th>
                {/* On a phone the entity id goes under the name (decision 1057): a third column wrapped it a letter a line. */}
                <Table.Th visibleFrom="sm">SP entity id</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.applicationId}>
                  <Table.Td>
                    <Anchor component={Link} to={`${SSO_BASE_PATH}/${a.applicationId}`}>
                      {a.name}
                    </Anchor>
                    {isPhone && a.entityId && (
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {a.entityId}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ProtocolBadge protocol={a.protocol} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                    {a.entityId ?? ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TableStatus isLoading={apps.isLoading} isEmpty={!rows.length} loadingText="Loading the applications" emptyText={M.empty} />
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
