import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AccessHold, liftHoldSchema, ACCESS_GATE_MESSAGES as M, type MemberAccess, placeHoldSchema } from '@portico/shared';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { useMlsZone } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/notify';
import { useLiftHold, useMemberAccess, useSuspendMember } from './api';

const when = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(iso));

/** The AOR Center's MLS access tab (MLS staff, decision 1091): find a member, suspend their MLS access or lift it. */
export function AccessPanel() {
  const [loginId, setLoginId] = useState<string | null>(null);
  const lookup = useForm({ mode: 'controlled', initialValues: { loginId: '' } });
  const access = useMemberAccess(loginId);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {M.title}
      </Title>
      <Text size="sm">{M.intro}</Text>
      <form
        aria-label="Find a member"
        onSubmit={lookup.onSubmit(({ loginId: id }) =>
          id.trim() ? setLoginId(id.trim()) : lookup.setFieldError('loginId', M.loginIdRequired),
        )}
      >
        <Group align="flex-end">
          <TextInput label={M.lookupLabel} w={240} {...lookup.getInputProps('loginId')} />
          <Button type="submit" variant="default">
            {M.lookup}
          </Button>
        </Group>
      </form>
      {loginId &&
        (access.error ? (
          <ErrorPanel
            title={access.error instanceof ApiError && access.error.status === 404 ? M.memberNotFound : M.loadFailed}
            message=""
          />
        ) : !access.data ? (
          <LoadingBlock label="Loading the member’s MLS access" />
        ) : (
          <MemberAccessCard access={access.data} />
        ))}
    </Stack>
  );
}

function MemberAccessCard({ access }: { access: MemberAccess }) {
  const zone = useMlsZone();
  const active = access.holds.find((h) => h.liftedOn === null);
  return (
    <Card withBorder padding="lg" aria-label={`MLS access of ${access.name}`} component="section">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3} size="h4">
              {access.name}
            </Title>
            <Text size="sm">
              {access.loginId}
              {access.officeName ? ` · ${access.officeName}` : ''}
            </Text>
          </div>
          <Badge color={active ? 'red.9' : 'green.9'} variant="filled" data-testid="access-state">
            {active ? 'Suspended' : 'Access open'}
          </Badge>
        </Group>
        {active ? (
          <ReasonForm kind="lift" hold={active} name={access.name} />
        ) : (
          <ReasonForm kind="suspend" loginId={access.loginId} name={access.name} />
        )}
        {access.holds.length === 0 ? (
          <Text size="sm">{M.noHolds}</Text>
        ) : (
          <Table aria-label="Suspensions, newest first" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Suspended</Table.Th>
                <Table.Th>Lifted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {access.holds.map((h) => (
                <HoldRow key={h.id} hold={h} zone={zone} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function HoldRow({ hold, zone }: { hold: AccessHold; zone: string }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">
          {when(hold.placedOn, zone)}
          {hold.placedBy ? ` by ${hold.placedBy}` : ''}
        </Text>
        <Text size="sm">{hold.reason}</Text>
      </Table.Td>
      <Table.Td>
        {hold.liftedOn ? (
          <>
            <Text size="sm">
              {when(hold.liftedOn, zone)}
              {hold.liftedBy ? ` by ${hold.liftedBy}` : ''}
            </Text>
            <Text size="sm">{hold.liftReason}</Text>
          </>
        ) : (
          <Text size="sm">Not lifted</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

type ReasonFormProps = { kind: 'suspend'; loginId: string; name: string } | { kind: 'lift'; hold: AccessHold; name: string };

/** The reason for a suspension (the member reads it) or for lifting one; the action is the form's submit. */
function ReasonForm(props: ReasonFormProps) {
  const suspend = useSuspendMember();
  const lift = useLiftHold();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: (values) => zodFormErrors(props.kind === 'lift' ? liftHoldSchema : placeHoldSchema.pick({ reason: true }), values),
  });
  const submit = form.onSubmit(async ({ reason }) => {
    try {
      const done =
        props.kind === 'lift'
          ? await lift.mutateAsync({ id: props.hold.id, reason })
          : await suspend.mutateAsync({ loginId: props.loginId, reason });
      toast('success', done.message);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
      toast('failure', error instanceof Error && error.message ? error.message : M.saveFailed);
    }
  });
  const label = props.kind === 'lift' ? M.lift : M.suspend;
  return (
    <form onSubmit={submit} aria-label={label} noValidate>
      <Stack gap="xs">
        {props.kind === 'lift' && (
          <Alert color="red" variant="light" title={`Suspended: ${props.hold.reason}`}>
            {props.name} cannot open MLS applications or register listings until the suspension is lifted.
          </Alert>
        )}
        <Textarea
          label={props.kind === 'lift' ? 'Why it is lifted' : 'Reason (the member reads it)'}
          required
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('reason')}
        />
        <Button
          type="submit"
          color={props.kind === 'lift' ? undefined : 'red.9'}
          w="fit-content"
          loading={suspend.isPending || lift.isPending}
        >
          {label}
        </Button>
      </Stack>
    </form>
  );
}
