import { Text } from '@mantine/core';
import type { AdminPanelProps } from '../tabs';

/** The Messages tab (seed 002 section 2); the grid and the slide-over follow in the next commit. */
export function MessagesPanel(_props: AdminPanelProps) {
  return <Text c="dimmed">Messages</Text>;
}
