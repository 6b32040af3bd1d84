import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEBOUNCE_AGENT_LOOKUP_MS, LOOKUP_MIN_CHARS, type OfficeSummary, SETTINGS_MESSAGES } from '@portico/shared';
import { useState } from 'react';
import { useOfficeSearch } from '../api';

/**
 * Main offices only, scoped by the server (level 5 all, 4 the association, 3 the main office). `selected` makes it
 * controlled (an office chosen for the member, e.g. a broker's only office).
 */
export function OfficePicker({
  label,
  onSelect,
  minChars = LOOKUP_MIN_CHARS,
  selected,
}: {
  label: string;
  onSelect: (office: OfficeSummary | null) => void;
  minChars?: number;
  selected?: OfficeSummary | null;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_AGENT_LOOKUP_MS);
  const enabled = debounced.length >= minChars;
  const offices = useOfficeSearch(debounced, enabled);
  const found = offices.data ?? [];
  const results = selected && !found.some((o) => o.id === selected.id) ? [selected, ...found] : found;
  return (
    <Select
      label={label}
      placeholder="Main office code or name"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear' }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={results.map((o) => ({ value: String(o.id), label: `${o.officeCode} - ${o.name}` }))}
      nothingFoundMessage={enabled ? (offices.isFetching ? SETTINGS_MESSAGES.loadingResults : SETTINGS_MESSAGES.noResults) : undefined}
      {...(selected !== undefined && { value: selected ? String(selected.id) : null })}
      onChange={(id) => onSelect(results.find((o) => String(o.id) === id) ?? null)}
      maw={460}
    />
  );
}
