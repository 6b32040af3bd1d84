import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { SECOND_FACTOR_POLICY_MESSAGES as M } from '@portico/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMember } from '../../../core/member';
import { refreshAfterWrite } from '../../../core/refresh';
import { PublicLayout } from '../../../core/shell/PublicLayout';
import { ManageAuthentications } from '../../second-factors/index';
import { secondFactorPolicyKeys } from '../api';

/**
 * The required step's screen: add a factor (and save recovery codes), then continue to the portal. After a sign-in with
 * a one-time code from staff (decision 1132) it asks for a new factor and says why.
 */
export function FactorRequiredScreen({ byStaff = false }: { byStaff?: boolean }) {
  const client = useQueryClient();
  const { viewer, authMember } = useMember();
  const [hasAdded, setAdded] = useState(false);
  return (
    <PublicLayout association={authMember.aor?.shortName ?? viewer.aorShortName}>
      <Stack maw={720} mx="auto">
        <Title order={1}>{byStaff ? M.staffTitle : M.requiredTitle}</Title>
        <Text>{byStaff ? M.staffHelp : M.requiredHelp}</Text>
        {hasAdded && (
          <Alert color="teal" role="status" title="Your second factor is set up">
            <Stack gap="xs">
              <Text size="sm">Save recovery codes below if you have not, then continue to the portal.</Text>
              <Group>
                <Button onClick={() => void refreshAfterWrite(client, secondFactorPolicyKeys.required)}>Continue to the portal</Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <ManageAuthentications onFactorAdded={() => setAdded(true)} />
        {/* A member who cannot add a factor now (issue 32 §4 follow-up) leaves without a dead end: /logout is outside the gate. */}
        <Group>
          <Button component={Link} to="/logout" variant="default">
            Sign out
          </Button>
        </Group>
      </Stack>
    </PublicLayout>
  );
}
