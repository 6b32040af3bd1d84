import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { REQUIREMENT_MESSAGES as M } from '@portico/shared';
import { Link } from 'react-router';
import { useMyRequirements } from './api';
import { deadlineText, hoursText } from './format';
import { StateBadge } from './StateBadge';

/** The dashboard's My requirements card: each requirement that applies, its state, hours and deadline (issue 31). */
export function RequirementsCard() {
  const mine = useMyRequirements();
  if (!mine.data?.length) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-requirements-title" data-testid="requirements-card">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="my-requirements-title">
          {M.cardTitle}
        </Title>
        <Anchor component={Link} to="/requirements" size="sm" underline="always">
          Classes, hours and certificates
        </Anchor>
      </Group>
      <Stack gap="xs">
        {mine.data.map((r) => (
          <Group key={r.id} justify="space-between" wrap="wrap" gap="xs" data-requirement={r.name}>
            <div>
              <Text fw={600} size="sm">
                {r.name}
              </Text>
              <Text size="sm">
                {hoursText(r)}. {r.state === 'met' ? '' : deadlineText(r)}
              </Text>
            </div>
            <StateBadge state={r.state} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
