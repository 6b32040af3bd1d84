import { ActionIcon, Box, Collapse, Group, Paper, Title, Tooltip } from '@mantine/core';
import { DASHBOARD_MESSAGES } from '@portico/shared';
import { IconChevronDown, IconChevronUp, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Props {
  sectionKey: string;
  title: string;
  collapsed: boolean;
  locked: boolean;
  isPending: boolean;
  onToggleCollapsed: () => void;
  actions?: ReactNode;
  children: ReactNode;
}

/** One dashboard section: its heading, a yellow dot when Pending (admins only see those), collapse and lock state. */
export function DashboardSection({ sectionKey, title, collapsed, locked, isPending, onToggleCollapsed, actions, children }: Props) {
  const headingId = `dashboard-section-${sectionKey}`;
  const bodyId = `${headingId}-body`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md" data-testid={`section-${sectionKey}`}>
      <Group justify="space-between" wrap="nowrap" mb={collapsed ? 0 : 'sm'}>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {isPending && (
            <Tooltip label={DASHBOARD_MESSAGES.pendingHint}>
              <Box
                component="span"
                role="img"
                aria-label={DASHBOARD_MESSAGES.pending}
                data-testid="pending-dot"
                style={{ width: 10, height: 10, borderRadius: '50%', background: 'var(--mantine-color-yellow-5)', display: 'inline-block' }}
              />
            </Tooltip>
          )}
          {locked && (
            <Tooltip label="Locked in place">
              <IconLock size={16} aria-label={`${title} is locked`} />
            </Tooltip>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {!collapsed && actions}
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggleCollapsed}
            disabled={locked}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            aria-label={collapsed ? `Expand ${title}` : `Collapse ${title}`}
          >
            {collapsed ? <IconChevronDown size={18} aria-hidden /> : <IconChevronUp size={18} aria-hidden />}
          </ActionIcon>
        </Group>
      </Group>
      <Collapse in={!collapsed} id={bodyId}>
        {!collapsed && children}
      </Collapse>
    </Paper>
  );
}
