import { Button, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@portico/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';

export function NotFoundPage() {
  useEffect(() => {
    document.title = `${MESSAGES.pageNotFound} · Portico`;
  }, []);
  return (
    <Stack align="center" py={64} gap="md">
      <Text size="64px" fw={800} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1}>{MESSAGES.pageNotFound}</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to="/">
        {MESSAGES.goBackHome}
      </Button>
    </Stack>
  );
}
