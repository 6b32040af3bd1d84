import { Badge, Box, Checkbox, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { SUBTLE_TEXT } from './subtle-text';

export interface InboxRow {
  id: number;
  title: string;
  date: string;
  isRead: boolean;
  isArchived: boolean;
  tag?: { label: string; color?: string };
}

/** The left-hand list of the notification and system message centers: a check box, the title, date and tag per row. */
export function InboxList({
  rows,
  selectedId,
  checked,
  onOpen,
  onCheck,
  empty,
}: {
  rows: InboxRow[];
  selectedId: number | null;
  checked: ReadonlySet<number>;
  onOpen: (id: number) => void;
  onCheck: (id: number, on: boolean) => void;
  empty: ReactNode;
}) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="inbox-list">
      {rows.map((row) => {
        const isSelected = row.id === selectedId;
        return (
          <Box
            component="li"
            key={row.id}
            px="sm"
            py={8}
            style={{
              borderBottom: '1px solid var(--mantine-color-default-border)',
              background: isSelected ? 'var(--mantine-color-default-hover)' : undefined,
              borderLeft: `4px solid ${row.isRead ? 'transparent' : 'var(--mantine-primary-color-filled)'}`,
            }}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Checkbox
                mt={4}
                checked={checked.has(row.id)}
                onChange={(e) => onCheck(row.id, e.currentTarget.checked)}
                aria-label={`Select ${row.title}`}
              />
              <UnstyledButton
                onClick={() => onOpen(row.id)}
                style={{ flex: 1, minWidth: 0 }}
                aria-current={isSelected ? 'true' : undefined}
              >
                <Text size="sm" fw={row.isRead ? 400 : 700} lineClamp={2}>
                  {!row.isRead && <VisuallyHidden>Unread: </VisuallyHidden>}
                  {row.title}
                </Text>
                <Group gap="xs" mt={2}>
                  <Text size="xs" c={SUBTLE_TEXT}>
                    {row.date}
                  </Text>
                  {row.tag && (
                    <Badge size="xs" variant={row.tag.color ? 'dot' : 'outline'} color={row.tag.color ?? 'blue'}>
                      {row.tag.label}
                    </Badge>
                  )}
                  {row.isArchived && (
                    <Badge size="xs" variant="outline" color="gray">
                      Archived
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}
