import { Alert, Stack, Text, Title } from '@mantine/core';
import { COMPLIANCE_MESSAGES as M } from '@portico/shared';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { useCompliancePolicy } from './api';
import { CalendarCard } from './CalendarCard';
import { PolicyForm } from './PolicyForm';

/** The AOR Center's Compliance tab (issue 29 section 1): MLS staff set the policy and the calendar; association staff read. */
export function CompliancePanel() {
  const policy = useCompliancePolicy();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {M.title}
        </Title>
        <Text size="sm" mt={4}>
          {M.intro}
        </Text>
      </div>
      {policy.error ? (
        <ErrorPanel title={M.loadFailed} message={policy.error.message} />
      ) : !policy.data ? (
        <LoadingBlock label="Loading the compliance policy" />
      ) : (
        <>
          {!policy.data.canEdit && (
            <Alert color="blue" variant="light" title="Read only">
              {M.readOnly}
            </Alert>
          )}
          <PolicyForm policy={policy.data} />
          <CalendarCard canEdit={policy.data.canEdit} />
        </>
      )}
    </Stack>
  );
}
