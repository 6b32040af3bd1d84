import { Alert, Button, Card, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { type AudienceIndexEntry, SSO_MESSAGES as M, type SsoTestSignOn } from '@portico/shared';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { AgentSearch } from '../settings/index';
import { useTestSignOn } from './api';

/** 'Test sign-on': the NameID and attributes Portico would send a chosen member, and the audience rules' verdict. */
export function TestSignOn({ applicationId }: { applicationId: number }) {
  const [member, setMember] = useState<AudienceIndexEntry | null>(null);
  const test = useTestSignOn(applicationId);
  const error = test.error instanceof ApiError ? (test.error.errors[0]?.message ?? test.error.message) : test.error?.message;
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        Test sign-on
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          What the application would receive for a member: the attributes only, never signed and never recorded as a launch.
        </Text>
        <Group align="flex-end">
          <AgentSearch label="Member" onSelect={setMember} />
          <Button disabled={!member} loading={test.isPending} onClick={() => member && test.mutate(member.loginId)}>
            Test sign-on
          </Button>
        </Group>
        {error && (
          <Alert color="red" title="The test could not run" role="alert">
            {error}
          </Alert>
        )}
        {test.data && <TestResult result={test.data} />}
      </Stack>
    </Card>
  );
}

function TestResult({ result }: { result: SsoTestSignOn }) {
  return (
    <Stack gap="sm" data-testid="sso-test-result">
      {result.refused ? (
        <Alert color="red" icon={<IconCircleX aria-hidden />} title={`${result.memberName} would be refused`}>
          <Text size="sm">{M.testRefused}</Text>
          <List size="sm">
            {result.reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title={`${result.memberName} may sign in`}>
          {M.testAllowed}
        </Alert>
      )}
      <Table aria-label="The assertion's subject" variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {[
            ['NameID', result.nameId],
            ['NameID format', result.nameIdFormat],
            ['Audience', result.audience],
            ['Recipient (ACS)', result.acsUrl ?? '(none)'],
            ['RelayState', result.relayState ?? '(none)'],
          ].map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Code>{value}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table aria-label="The attributes Portico would send" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Attribute</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.attributes.map((a) => (
            <Table.Tr key={a.name}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
