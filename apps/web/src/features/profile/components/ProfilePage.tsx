import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SETTINGS_MESSAGES } from '@portico/shared';
import { useMember } from '../../../core/member';
import { PageTitle } from '../../../ui/PageTitle';

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="sm" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}

/** /profile: the current member's own data, display only, with the photo when there is one. */
export function ProfilePage() {
  const { authMember, viewer } = useMember();
  const m = authMember.member;
  const roles = [
    authMember.isCrmlsAdmin && 'MLS admin',
    authMember.isCrmlsAorAdmin && 'Association admin',
    authMember.isCrmlsOfficeAdmin && 'Office admin',
  ].filter(Boolean) as string[];
  return (
    <>
      <PageTitle title={SETTINGS_MESSAGES.profileTitle} />
      <Card withBorder maw={900}>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Avatar
            src={m.photoUrl ?? undefined}
            alt={m.photoUrl ? `Photo of ${m.displayName}` : undefined}
            size={120}
            radius={120}
            color="blue.9"
            variant="filled"
            // Initials in white on a dark blue: AA contrast in every theme.
            styles={{
              root: { backgroundColor: '#1a3a7a' },
              placeholder: { backgroundColor: '#1a3a7a', color: '#ffffff', fontSize: 40 },
            }}
          >
            {`${m.firstName[0] ?? ''}${m.lastName[0] ?? ''}`}
          </Avatar>
          <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
            <Title order={2} size="h3">
              {m.displayName}
            </Title>
            <Group gap="xs">
              <Badge variant="filled">{authMember.memberType.name}</Badge>
              {roles.map((r) => (
                <Badge key={r} color="grape" variant="filled">
                  {r}
                </Badge>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" spacing="md" mt="sm">
              <Field label="Login ID" value={m.loginId} />
              <Field label="E-mail" value={authMember.memberEmail} />
              <Field label="Member ID" value={authMember.memberKeyNumeric} />
              <Field label="Member status" value={authMember.memberStatus} />
              <Field label="Office" value={authMember.office?.officeCode} />
              <Field label="Main office" value={authMember.office?.mainOfficeCode} />
              <Field label="Association" value={authMember.aor ? `${authMember.aor.name} (${authMember.aor.shortName})` : null} />
              <Field label="State license" value={authMember.memberStateLicense} />
              <Field label="User class" value={authMember.userclass} />
              <Field label="Access level" value={viewer.level} />
              <Field label="Originating system" value={authMember.originatingSystemID} />
              <Field label="Assistant to" value={authMember.memberIsAssistantTo} />
            </SimpleGrid>
          </Stack>
        </Group>
      </Card>
    </>
  );
}
