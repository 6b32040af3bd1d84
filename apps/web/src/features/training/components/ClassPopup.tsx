import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import type { TrainingClass } from '@portico/shared';
import { Link } from 'react-router';
import { useMlsZone } from '../../../core/member';
import { formatDateTime } from '../format';
import { classPath, locationText } from './ClassListTable';
import { RegisterButton } from './RegisterButton';

/** The calendar's quick popup: instructor, location, start and end, and the register button. */
export function ClassPopup({ cls, onClose }: { cls: TrainingClass | null; onClose: () => void }) {
  const zone = useMlsZone();
  return (
    <Modal opened={!!cls} onClose={onClose} title={cls?.className} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {cls && (
        <Stack gap="xs" data-testid="class-popup">
          <Text size="sm">
            <b>Instructor:</b> {cls.instructor.name}
          </Text>
          <Text size="sm">
            <b>Location:</b> {locationText(cls)}
            {cls.location?.address ? `, ${cls.location.address}` : ''}
          </Text>
          <Text size="sm">
            <b>Start:</b> {formatDateTime(cls.startTime, zone)}
          </Text>
          <Text size="sm">
            <b>End:</b> {formatDateTime(cls.endTime, zone)}
          </Text>
          <Group justify="space-between" mt="sm">
            <Anchor component={Link} to={classPath(cls.id)}>
              Class details
            </Anchor>
            <RegisterButton cls={cls} size="sm" />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
