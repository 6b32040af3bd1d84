import { Alert, Button, Checkbox, Code, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  formatDateTimeZoned,
  type IssuedStaffRecoveryCode,
  STAFF_RECOVERY_MESSAGES as M,
  STAFF_RECOVERY_QUESTIONS,
  type StaffRecoveryQuestion,
} from '@portico/shared';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../core/api';
import { useMlsZone } from '../../../core/member';
import { toast } from '../../../ui/notify';
import { issueRecoveryCode } from '../api';

/**
 * The AOR Center's Account recovery tab (issue 32 §4, decision 1132): after asking the identity questions, staff issue
 * a one-time code for a member who lost every second factor, and read it to them.
 */
export function StaffRecoveryPanel() {
  const zone = useMlsZone();
  const [loginId, setLoginId] = useState('');
  const [questions, setQuestions] = useState<StaffRecoveryQuestion[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isIssuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<IssuedStaffRecoveryCode | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIssuing(true);
    setErrors({});
    setIssued(null);
    try {
      setIssued(await issueRecoveryCode({ loginId, questions, reason }));
      setQuestions([]);
      setReason('');
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      toast('failure', error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : M.issueFailed);
    } finally {
      setIssuing(false);
    }
  };

  return (
    <Stack maw={640}>
      <Text size="sm">
        For a member who lost every second factor. Ask the identity questions first; tick only those the member answered right. The answers
        are not recorded. The member is mailed, and the issue goes into the audit trail.
      </Text>
      <form onSubmit={(e) => void handleSubmit(e)} aria-label="Issue a one-time recovery code">
        <Stack>
          <TextInput
            label="Member login ID"
            required
            value={loginId}
            onChange={(e) => setLoginId(e.currentTarget.value)}
            error={errors.loginId}
          />
          <Checkbox.Group
            label="Identity questions asked and answered"
            value={questions}
            onChange={(v) => setQuestions(v as StaffRecoveryQuestion[])}
            error={errors.questions}
          >
            <Stack gap={6} mt={6}>
              {Object.entries(STAFF_RECOVERY_QUESTIONS).map(([key, label]) => (
                <Checkbox key={key} value={key} label={label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Group>
            <Button type="submit" loading={isIssuing} leftSection={<IconKey size={16} aria-hidden />}>
              Issue one-time code
            </Button>
          </Group>
        </Stack>
      </form>
      {issued && (
        <Alert color="teal" title={`${M.title} for ${issued.loginId}`} role="status">
          <Stack gap="xs">
            <Code fz="xl" data-testid="staff-recovery-code">
              {issued.code}
            </Code>
            <Text size="sm">
              {M.issued} Expires {formatDateTimeZoned(zone, issued.expiresAt)}.
            </Text>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
