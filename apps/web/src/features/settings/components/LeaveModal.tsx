import { Button, Group, Modal, Text } from '@mantine/core';
import { SETTINGS_MESSAGES } from '@portico/shared';

/** The unsaved-changes question (seed 000 section 8). */
export function LeaveModal({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved changes" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="lg">{SETTINGS_MESSAGES.leaveUnsaved}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onStay}>
          Stay on this page
        </Button>
        <Button color="red.8" onClick={onLeave}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
