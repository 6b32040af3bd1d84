import { Anchor, Center, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTimeIn, formatDateUs, REQUIREMENT_MESSAGES as M, MESSAGES, type MyRequirement } from '@portico/shared';
import { Link } from 'react-router';
import { useMember } from '../../core/member';
import { DownloadButton } from '../../ui/DownloadButton';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { AccessHoldNotice } from '../access-gate/index';
import { downloadCertificate, useMyRequirements } from './api';
import { deadlineText, hoursText } from './format';
import { StateBadge } from './StateBadge';
import { MyCertificates, SubmitCertificate } from './SubmitCertificate';

function periodText(r: MyRequirement): string {
  if (r.period.kind === 'cycle') return `Cycle ${formatDateUs(r.period.start)} to ${formatDateUs(r.period.end)}`;
  if (r.period.kind === 'rolling') return `Every ${r.period.everyYears} years from your last completion`;
  return `Within ${r.period.withinDays} days of your access start`;
}

function RequirementPanel({ r, zone }: { r: MyRequirement; zone: string }) {
  const share = Math.min(100, Math.round((r.hoursDone / r.hoursRequired) * 100));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`req-${r.id}`} data-requirement={r.name}>
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id={`req-${r.id}`}>
            {r.name} <StateBadge state={r.state} />
          </Title>
          <Text size="sm">{periodText(r)}</Text>
        </div>
        <Progress
          value={share}
          color={r.state === 'overdue' ? 'red' : r.state === 'met' ? 'green' : 'blue'}
          aria-label={`${r.name}: ${hoursText(r)}`}
        />
        <Text size="sm">{hoursText(r)}</Text>
        {r.state !== 'met' && (
          <Text size="sm" fw={r.state === 'overdue' ? 700 : 400}>
            {deadlineText(r)}
          </Text>
        )}
        {r.state !== 'met' && (
          <div>
            <Text size="sm" fw={600}>
              Classes that count
            </Text>
            {r.classes.length === 0 ? (
              <Text size="sm">No class that counts is scheduled yet; outside courses count too.</Text>
            ) : (
              <List size="sm">
                {r.classes.map((c) => (
                  <List.Item key={c.id}>
                    <Anchor component={Link} to={`/training/registration/${c.id}`} underline="always">
                      {c.className}
                    </Anchor>{' '}
                    {formatDateTimeIn(zone, c.startTime)}, {c.hours} {c.hours === 1 ? 'hour' : 'hours'}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
        )}
        {r.completions.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Completed
            </Text>
            <Stack gap={4}>
              {r.completions.map((c) => (
                <div key={c.id}>
                  <Text size="sm">
                    {c.courseName}, {c.hours} {c.hours === 1 ? 'hour' : 'hours'}, {formatDateUs(c.completedOn)}
                  </Text>
                  {c.hasCertificate && (
                    <DownloadButton
                      variant="subtle"
                      size="compact-sm"
                      download={() => downloadCertificate(c.id)}
                      failure="The certificate could not be downloaded."
                    >
                      Certificate (PDF)
                    </DownloadButton>
                  )}
                </div>
              ))}
            </Stack>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** My requirements (issue 31 section 3): each requirement that applies, its hours, deadline, the classes and certificates. */
export function MyRequirementsPage() {
  const mine = useMyRequirements();
  // Brokers, office managers and staff also answer for other people's training.
  const { viewer } = useMember();
  const readsPeople = viewer.level >= 2;
  const isStaff = viewer.level >= 4;
  const zone = viewer.timeZone;
  return (
    <>
      <PageTitle title={M.mineTitle}>
        <Group gap="md">
          {readsPeople && (
            <Anchor component={Link} to="/requirements/people" size="sm" underline="always">
              Required training of my people
            </Anchor>
          )}
          {isStaff && (
            <Anchor component={Link} to="/requirements/import" size="sm" underline="always">
              Import completions
            </Anchor>
          )}
          {isStaff && (
            <Anchor component={Link} to="/requirements/certificates" size="sm" underline="always">
              Outside certificates
            </Anchor>
          )}
          <SubmitCertificate />
        </Group>
      </PageTitle>
      <Stack gap="md">
        <AccessHoldNotice />
        {mine.isPending ? (
          <Center py="xl">
            <Spinner label="Loading your requirements" />
          </Center>
        ) : mine.isError ? (
          <ErrorPanel title={MESSAGES.requestProblem} message={mine.error.message} />
        ) : mine.data.length === 0 ? (
          <Text>{M.noneApply}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {mine.data.map((r) => (
              <RequirementPanel key={r.id} r={r} zone={zone} />
            ))}
          </SimpleGrid>
        )}
        <MyCertificates />
      </Stack>
    </>
  );
}
