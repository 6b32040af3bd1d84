import { Alert, Text } from '@mantine/core';
import { ACCESS_GATE_MESSAGES as M } from '@portico/shared';
import { IconLock } from '@tabler/icons-react';
import { useOwnAccessHolds } from './api';

/** On the dashboard of a member whose MLS access is held (decision 1091): why, and how to clear it. Nothing otherwise. */
export function AccessHoldNotice() {
  const holds = useOwnAccessHolds();
  const hold = holds.data?.[0];
  if (!hold) return null;
  return (
    <Alert color="red" variant="light" icon={<IconLock size={20} aria-hidden />} title={M.memberTitle} role="alert">
      <Text size="sm">{M.memberReason(hold.reason)}</Text>
      <Text size="sm" mt={4}>
        {M.memberHowToClear}
      </Text>
    </Alert>
  );
}
