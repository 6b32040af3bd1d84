import { Button, Group, Modal, Text } from '@mantine/core';

/** A yes/no question in a modal, e.g. the archive confirmations. */
export function ConfirmDialog({
  opened,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Please confirm" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </Group>
    </Modal>
  );
}
