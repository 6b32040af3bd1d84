import { Badge, Button, FileInput, Group, Modal, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DISCLOSURE_ACCEPT, formatDateUs, TRAINING_IMPORT_MESSAGES as M } from '@portico/shared';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../core/api';
import { toast } from '../../ui/notify';
import { useMyCertificates, useSubmitCertificate } from './imports-api';

const STATUS_COLOR = { pending: 'blue.9', approved: 'teal.9', rejected: 'red.9' } as const;

/** 'Submit a certificate' on My requirements (decision 1150): an outside course with its certificate, for staff to review. */
export function SubmitCertificate() {
  const [isOpen, setOpen] = useState(false);
  const [courseName, setCourseName] = useState('');
  const [courseNumber, setCourseNumber] = useState('');
  const [hours, setHours] = useState<string | number>('');
  const [completedOn, setCompletedOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submit = useSubmitCertificate();
  const errors = new Map(((submit.error as ApiError | null)?.errors ?? []).map((e) => [e.field, e.message]));
  const close = () => {
    setOpen(false);
    submit.reset();
  };
  return (
    <>
      <Button variant="light" leftSection={<IconFileCertificate size={18} aria-hidden />} onClick={() => setOpen(true)}>
        Submit a certificate
      </Button>
      <Modal opened={isOpen} onClose={close} title="Submit an outside certificate">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return;
            submit.mutate(
              { input: { courseName, courseNumber, hours: Number(hours), completedOn }, file },
              {
                onSuccess: () => {
                  toast('success', M.submitted);
                  setCourseName('');
                  setCourseNumber('');
                  setHours('');
                  setCompletedOn('');
                  setFile(null);
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Course name"
              value={courseName}
              onChange={(e) => setCourseName(e.currentTarget.value)}
              error={errors.get('courseName')}
              required
            />
            <TextInput
              label="Course number"
              value={courseNumber}
              onChange={(e) => setCourseNumber(e.currentTarget.value)}
              error={errors.get('courseNumber')}
              required
            />
            <NumberInput
              label="Hours"
              value={hours}
              onChange={setHours}
              min={0.25}
              max={40}
              step={0.25}
              decimalScale={2}
              error={errors.get('hours')}
              required
            />
            <TextInput
              label="Completed on"
              type="date"
              value={completedOn}
              onChange={(e) => setCompletedOn(e.currentTarget.value)}
              error={errors.get('completedOn')}
              required
            />
            <FileInput
              label="Certificate (PDF or image, at most 10 MB)"
              accept={DISCLOSURE_ACCEPT}
              value={file}
              onChange={setFile}
              error={errors.get('file')}
              required
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the file' }}
            />
            {submit.error && errors.size === 0 && (
              <Text c="red.9" size="sm" role="alert">
                {submit.error.message}
              </Text>
            )}
            <Group justify="end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={submit.isPending} disabled={!file}>
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** The member's submitted certificates with their status (and a rejection's reason). */
export function MyCertificates() {
  const mine = useMyCertificates();
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-certificates">
      <Title order={2} size="h4" id="my-certificates" mb="xs">
        Certificates you sent
      </Title>
      <Stack gap={6}>
        {mine.data.map((c) => (
          <div key={c.id} data-certificate={c.courseName}>
            <Group gap="xs">
              <Text size="sm">
                {c.courseName} ({c.courseNumber}), {c.hours} {c.hours === 1 ? 'hour' : 'hours'}, {formatDateUs(c.completedOn)}
              </Text>
              <Badge color={STATUS_COLOR[c.status]} variant="filled" autoContrast>
                {M.statusLabel[c.status]}
              </Badge>
            </Group>
            {c.reason && <Text size="sm">Reason: {c.reason}</Text>}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
