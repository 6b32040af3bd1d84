import { Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One empty state for every list: the seed's text, centred, with an optional action. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" c="dimmed">
      <IconInbox size={40} aria-hidden />
      <Text fw={600}>{text}</Text>
      {children}
    </Stack>
  );
}
