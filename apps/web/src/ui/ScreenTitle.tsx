import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/**
 * A screen's heading: the page's own (level 1, names the browser tab) on its route, a level-2 heading inside a tab
 * of a page that has its own (the AOR Center's feed and CSV import tabs, decision 1040).
 */
export function ScreenTitle({ title, inTab, children }: { title: string; inTab: boolean; children?: ReactNode }) {
  if (!inTab) return <PageTitle title={title}>{children}</PageTitle>;
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Group>
  );
}
