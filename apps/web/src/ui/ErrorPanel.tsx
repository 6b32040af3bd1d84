import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The error panel of the seeds: a title and the message, announced to assistive technology. */
export function ErrorPanel({ title, message, children }: { title: string; message?: string; children?: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      maw={720}
      mx="auto"
      my="xl"
    >
      <Stack gap="xs">
        {message && <Text size="sm">{message}</Text>}
        {children}
      </Stack>
    </Alert>
  );
}
