import { Button, Center, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { type CertificateStatus, formatDateUs, TRAINING_IMPORT_MESSAGES as M, MESSAGES, type OutsideCertificate } from '@portico/shared';
import { useState } from 'react';
import { DownloadButton } from '../../ui/DownloadButton';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { toast } from '../../ui/notify';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { downloadCertificateFile, useCertificateQueue, useDecideCertificate } from './imports-api';

function CertificateCard({ c }: { c: OutsideCertificate }) {
  const decide = useDecideCertificate();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonError =
    decide.error && 'errors' in decide.error ? (decide.error as { errors: Array<{ message: string }> }).errors[0]?.message : null;
  const act = (r: string | null) =>
    decide.mutate(
      { id: c.id, reason: r },
      { onSuccess: (res) => toast('success', res.message), onError: (e) => toast('failure', e.message) },
    );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`cert-${c.id}`} data-certificate={c.courseName}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={`cert-${c.id}`}>
          {c.memberName}: {c.courseName}
        </Title>
        <Text size="sm">
          Course {c.courseNumber}, {c.hours} {c.hours === 1 ? 'hour' : 'hours'}, completed {formatDateUs(c.completedOn)}; sent{' '}
          {formatDateUs(c.submittedOn.slice(0, 10))}
        </Text>
        {c.reason && <Text size="sm">Reason: {c.reason}</Text>}
        <Group>
          <DownloadButton
            variant="subtle"
            size="compact-sm"
            download={() => downloadCertificateFile(c)}
            failure="The file could not be downloaded."
          >
            {c.fileName}
          </DownloadButton>
        </Group>
        {c.status === 'pending' &&
          (rejecting ? (
            <Stack gap="xs">
              <Textarea
                label="Why is it rejected?"
                description="The member reads this in a notification and a mail."
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={reasonError}
                maxLength={500}
                autosize
                minRows={2}
              />
              <Group>
                <Button color="red.9" onClick={() => act(reason)} loading={decide.isPending}>
                  Reject
                </Button>
                <Button variant="default" onClick={() => setRejecting(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group>
              <Button onClick={() => act(null)} loading={decide.isPending}>
                Approve
              </Button>
              <Button variant="default" onClick={() => setRejecting(true)}>
                Reject…
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}

/** /requirements/certificates (association and MLS staff, decision 1150): the members' outside certificates to decide. */
export function CertificatesPage() {
  const [status, setStatus] = useState<CertificateStatus>('pending');
  const queue = useCertificateQueue(status);
  return (
    <>
      <PageTitle title="Outside certificates" />
      <Stack gap="md" maw={900}>
        <SegmentedControl
          aria-label="Which certificates"
          value={status}
          onChange={(v) => setStatus(v as CertificateStatus)}
          data={(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: M.statusLabel[s] }))}
        />
        {queue.isPending ? (
          <Center py="xl">
            <Spinner label="Loading the certificates" />
          </Center>
        ) : queue.isError ? (
          <ErrorPanel title={MESSAGES.requestProblem} message={queue.error.message} />
        ) : queue.data.length === 0 ? (
          <Text>No certificates here.</Text>
        ) : (
          queue.data.map((c) => <CertificateCard key={c.id} c={c} />)
        )}
      </Stack>
    </>
  );
}
