import { Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** A centred notice in full text colour (the shared EmptyState's dimmed text fails WCAG AA contrast). */
export function PageNotice({ text }: { text: string }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="status">
      <IconInfoCircle size={36} aria-hidden />
      <Text fw={600}>{text}</Text>
    </Stack>
  );
}
