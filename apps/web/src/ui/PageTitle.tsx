import { Group, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** The page's heading; it also names the browser tab. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Portico`;
  }, [title]);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
