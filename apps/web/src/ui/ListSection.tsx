import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableStatus } from './TableStatus';

/**
 * A titled section that holds one list loaded from the server: its error line, the list once rows have come
 * (`children`, rendered only then), and the loading line or empty state below.
 */
export function ListSection({
  id,
  title,
  error,
  isLoading,
  hasRows,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  error: Error | null;
  isLoading: boolean;
  hasRows: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {error && (
        <Text c="red.8" role="alert">
          {error.message}
        </Text>
      )}
      {hasRows && children}
      <TableStatus isLoading={isLoading} isEmpty={!hasRows && !error} loadingText="Loading…" emptyText={emptyText} />
    </Paper>
  );
}
