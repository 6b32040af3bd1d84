import { Button, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@portico/shared';

export function RoutesFailedPage() {
  return (
    <Stack align="center" py={64} gap="md" maw={560} mx="auto" ta="center" role="alert">
      <Title order={1}>{MESSAGES.routesFailed}</Title>
      <Text c="dimmed">{MESSAGES.routesFailedAdvice}</Text>
      <Button onClick={() => window.location.reload()}>Refresh</Button>
    </Stack>
  );
}
