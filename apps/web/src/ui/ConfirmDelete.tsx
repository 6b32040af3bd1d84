import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/**
 * A Delete button that asks in place before it acts ('Yes, delete' or 'Keep it'). The default variant: an outline
 * red's text is below AA on the dark theme's card (2.48:1).
 */
export function ConfirmDelete({
  label,
  question,
  pending,
  onConfirm,
}: {
  label: string;
  question: ReactNode;
  pending: boolean;
  onConfirm: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button variant="default" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  return (
    <Group gap="xs" role="group" aria-label="Confirm the deletion">
      <Text size="sm">{question}</Text>
      <Button color="red.9" loading={pending} onClick={onConfirm}>
        Yes, delete
      </Button>
      <Button variant="default" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </Group>
  );
}
