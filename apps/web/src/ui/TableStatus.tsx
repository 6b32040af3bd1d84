import { Text } from '@mantine/core';
import { EmptyState } from './EmptyState';

/** Below a table: the loading line while the first page loads, the empty state when nothing matched. */
export function TableStatus({
  isLoading,
  isEmpty,
  loadingText,
  emptyText,
}: {
  isLoading: boolean;
  isEmpty: boolean;
  loadingText: string;
  emptyText: string;
}) {
  if (!isEmpty) return null;
  return isLoading ? (
    <Text ta="center" py="lg" role="status">
      {loadingText}
    </Text>
  ) : (
    <EmptyState text={emptyText} />
  );
}
