import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AudienceIndexEntry, DEBOUNCE_AGENT_LOOKUP_MS, LOOKUP_MIN_CHARS, SETTINGS_MESSAGES } from '@portico/shared';
import { useState } from 'react';
import { useMember } from '../../../core/member';
import { agentScopeQuery, useAgentSearch } from '../api';

/** The agent type-ahead (level 2 and above): 300 ms after typing, from 3 characters, scoped by the server. */
export function AgentSearch({
  onSelect,
  label = 'Act on behalf of an agent',
}: {
  onSelect: (agent: AudienceIndexEntry | null) => void;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_AGENT_LOOKUP_MS);
  const enabled = debounced.length >= LOOKUP_MIN_CHARS;
  const { viewer } = useMember();
  const agents = useAgentSearch(debounced, agentScopeQuery(viewer), enabled);
  const results = agents.data ?? [];
  return (
    <Select
      label={label}
      placeholder="Login ID, name or e-mail (3 characters or more)"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear' }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={results.map((a) => ({ value: a.loginId, label: `${a.loginId} - ${a.firstName} ${a.lastName}` }))}
      nothingFoundMessage={enabled ? (agents.isFetching ? SETTINGS_MESSAGES.loadingResults : SETTINGS_MESSAGES.noResults) : undefined}
      onChange={(loginId) => onSelect(results.find((a) => a.loginId === loginId) ?? null)}
      maw={460}
    />
  );
}
