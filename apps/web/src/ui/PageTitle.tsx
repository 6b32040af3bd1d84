import { Group, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/**
 * The page's heading; it also names the browser tab. Inside a tab of a page that has its own heading (the AOR
 * Center's feed and CSV import tabs, decision 1040) it is a level-2 heading and leaves the browser tab's name alone.
 */
export function PageTitle({ title, inTab = false, children }: { title: string; inTab?: boolean; children?: ReactNode }) {
  useEffect(() => {
    if (!inTab) document.title = `${title} · Portico`;
  }, [title, inTab]);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={inTab ? 2 : 1} size={inTab ? 'h3' : 'h2'}>
        {title}
      </Title>
      {children}
    </Group>
  );
}
