import { Alert, Stack, Text, Title } from '@mantine/core';
import { SECOND_FACTOR_POLICY_MESSAGES as M } from '@portico/shared';
import { DownloadButton } from '../../../ui/DownloadButton';
import { LoadingBlock } from '../../../ui/LoadingBlock';
import { downloadEnrolmentCsv, useEnrolment, usePolicy } from '../api';
import { EnrolmentTable } from './EnrolmentTable';
import { PolicyForm } from './PolicyForm';

/** The Second Factors tab of the Broker / AOR Center (MLS staff): the policy and the members' enrolment. */
export function SecondFactorPolicyPanel() {
  const policy = usePolicy();
  const enrolment = useEnrolment();
  const rows = enrolment.data ?? [];
  const total = rows.reduce((sum, r) => ({ members: sum.members + r.members, withFactor: sum.withFactor + r.withFactor }), {
    members: 0,
    withFactor: 0,
  });
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Policy
        </Title>
        {policy.isPending && <LoadingBlock label="Loading the policy" />}
        {policy.isError && (
          <Alert color="red" role="alert">
            {M.fetchFailed}
          </Alert>
        )}
        {policy.data && <PolicyForm key={policy.data.updatedOn ?? 'never'} policy={policy.data} />}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Enrolment
        </Title>
        <Text size="sm" data-testid="enrolment-total">
          {total.withFactor} of {total.members} members with portal access have a second factor.
        </Text>
        <div>
          <DownloadButton variant="light" download={downloadEnrolmentCsv} failure={M.fetchFailed}>
            Export CSV
          </DownloadButton>
        </div>
        {enrolment.isPending && <LoadingBlock label="Loading the enrolment" />}
        <EnrolmentTable rows={rows} />
      </Stack>
    </Stack>
  );
}
