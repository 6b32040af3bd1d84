import { Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CITATION_ACTION_LABELS, type Citation, type CitationAction, CITATION_MESSAGES as M } from '@portico/shared';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { toast } from '../../ui/notify';
import { useCitationAction, useCitationNote } from './api';

const failure = (error: unknown) => toast('failure', error instanceof ApiError ? error.message : M.notFound);

/** Staff actions over the version loaded: another's action in between is refused (409) with the state it is now in. */
export function StaffActions({ c }: { c: Citation }) {
  const act = useCitationAction(c.id);
  const [action, setAction] = useState<CitationAction | null>(c.actions[0] ?? null);
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    if (!action) return;
    setErrors({});
    try {
      const res = await act.mutateAsync({ action, version: c.version, note, reference });
      toast('success', res.message);
      setNote('');
      setReference('');
    } catch (error) {
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      failure(error);
    }
  };
  return (
    <Card withBorder data-testid="staff-actions">
      <Stack gap="sm">
        <Text size="sm" fw={700}>
          Staff action
        </Text>
        <Select
          label="Action"
          data={c.actions.map((a) => ({ value: a, label: CITATION_ACTION_LABELS[a] }))}
          value={action}
          onChange={(v) => setAction(v as CitationAction)}
          allowDeselect={false}
        />
        {action === 'record-payment' && (
          <TextInput
            label="Payment reference"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
        )}
        <Textarea
          label="Note (the member reads it)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          autosize
          minRows={2}
        />
        <Group>
          <Button onClick={submit} loading={act.isPending}>
            {action ? CITATION_ACTION_LABELS[action] : 'Act'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The cited member's 'I corrected it' and 'Appeal' (only before the appeal deadline: the server refuses a late one). */
export function MemberActions({ c }: { c: Citation }) {
  const [kind, setKind] = useState<'Correct' | 'Appeal' | null>(null);
  const write = useCitationNote(c.id, kind ?? 'Correct');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    setError(undefined);
    try {
      const res = await write.mutateAsync(note);
      toast('success', res.message);
      setKind(null);
      setNote('');
    } catch (e) {
      if (e instanceof ApiError) setError(e.errors[0]?.message ?? e.message);
      failure(e);
    }
  };
  return (
    <Card withBorder data-testid="member-actions">
      <Stack gap="sm">
        <Group>
          {c.canCorrect && (
            <Button variant={kind === 'Correct' ? 'filled' : 'default'} onClick={() => setKind('Correct')}>
              I corrected it
            </Button>
          )}
          {c.canAppeal && (
            <Button variant={kind === 'Appeal' ? 'filled' : 'default'} onClick={() => setKind('Appeal')}>
              Appeal
            </Button>
          )}
        </Group>
        {kind && (
          <>
            <Textarea
              label={kind === 'Appeal' ? 'Your statement' : 'What you corrected'}
              description="Attach files above (photos, documents) before you send."
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              error={error}
              autosize
              minRows={3}
            />
            <Group>
              <Button onClick={submit} loading={write.isPending}>
                {kind === 'Appeal' ? 'Send appeal' : 'Send correction'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
