import { Alert, Stack, Text } from '@mantine/core';
import { holdText } from '@portico/shared';
import { IconLock } from '@tabler/icons-react';
import { useOwnAccessHolds } from './api';

/** On the dashboard of a member whose MLS access is held (decisions 1091, 1092): each hold, why, how to clear it. */
export function AccessHoldNotice() {
  const holds = useOwnAccessHolds();
  if (!holds.data?.length) return null;
  return (
    <Stack gap="xs">
      {holds.data.map((hold) => {
        const text = holdText(hold.kind, hold.reason);
        return (
          <Alert
            key={`${hold.kind}-${hold.placedOn}`}
            color="red"
            variant="light"
            icon={<IconLock size={20} aria-hidden />}
            title={text.title}
            role="alert"
          >
            <Text size="sm">{text.reason}</Text>
            <Text size="sm" mt={4}>
              {text.howToClear}
            </Text>
          </Alert>
        );
      })}
    </Stack>
  );
}
