import { Button, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@portico/shared';
import { Link } from 'react-router';

export function NoMemberDataPage() {
  return (
    <Stack align="center" py={64} gap="md" maw={560} mx="auto" ta="center">
      <Title order={1}>{MESSAGES.noMemberData}</Title>
      <Text c="dimmed">
        You are signed in, but no member record is linked to this sign-in. Contact your association or MLS support to have your membership
        connected.
      </Text>
      <Button component={Link} to="/logout" variant="light">
        Logout
      </Button>
    </Stack>
  );
}
