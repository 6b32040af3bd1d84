import { Card, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AudienceIndexEntry, DEBOUNCE_AGENT_LOOKUP_MS, LOOKUP_MIN_CHARS, REPORT_MESSAGES, SETTINGS_MESSAGES } from '@portico/shared';
import { useState } from 'react';
import { lookupMember, useMemberSearch } from './api';

interface ContactJson {
  ContactOffices?: Array<{ OfficeCode: string; Name: string | null }>;
  ContactAors?: Array<{ ShortName: string; Name: string | null }>;
}

function MemberCard({ member }: { member: AudienceIndexEntry }) {
  let contact: ContactJson = {};
  try {
    contact = JSON.parse(member.contactJObject) as ContactJson;
  } catch {
    contact = {};
  }
  const office = contact.ContactOffices?.[0];
  const aor = contact.ContactAors?.[0];
  return (
    <Card withBorder padding="sm" data-testid="member-card">
      <Text fw={700}>
        {member.firstName} {member.lastName} ({member.loginId})
      </Text>
      <Text size="sm">{member.memberTypeName}</Text>
      {office && (
        <Text size="sm">
          {office.Name} ({office.OfficeCode})
        </Text>
      )}
      {aor && <Text size="sm">{aor.Name ?? aor.ShortName}</Text>}
    </Card>
  );
}

/** The member to report: a type-ahead over the MLS, then the lookup of the chosen login id. */
export function MemberPicker({
  member,
  onChange,
}: {
  member: AudienceIndexEntry | null;
  onChange: (member: AudienceIndexEntry | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_AGENT_LOOKUP_MS);
  const enabled = debounced.length >= LOOKUP_MIN_CHARS;
  const members = useMemberSearch(debounced, enabled);
  const results = members.data ?? [];
  return (
    <Stack gap="xs">
      <Select
        label="Member"
        placeholder={REPORT_MESSAGES.memberSearchPlaceholder}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the member' }}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        value={member?.loginId ?? null}
        data={[...(member && !results.some((r) => r.loginId === member.loginId) ? [member] : []), ...results].map((a) => ({
          value: a.loginId,
          label: `${a.firstName} ${a.lastName} (${a.loginId})`,
        }))}
        nothingFoundMessage={enabled ? (members.isFetching ? SETTINGS_MESSAGES.loadingResults : SETTINGS_MESSAGES.noResults) : undefined}
        onChange={async (loginId) => onChange(loginId ? await lookupMember(loginId) : null)}
        maw={460}
      />
      {member && <MemberCard member={member} />}
    </Stack>
  );
}
