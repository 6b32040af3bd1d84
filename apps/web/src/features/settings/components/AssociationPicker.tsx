import { Select } from '@mantine/core';
import { type AssociationSummary, SETTINGS_MESSAGES } from '@portico/shared';
import { useAssociations } from '../api';

/** MLS staff (level 5) choose whose association values the Association Settings tab shows (decision 0305). */
export function AssociationPicker({ value, onSelect }: { value: number | null; onSelect: (association: AssociationSummary) => void }) {
  const associations = useAssociations(true);
  const list = associations.data ?? [];
  return (
    <Select
      label={SETTINGS_MESSAGES.associationPicker}
      placeholder={SETTINGS_MESSAGES.chooseAssociation}
      searchable
      allowDeselect={false}
      value={value === null ? null : String(value)}
      data={list.map((a) => ({ value: String(a.id), label: `${a.shortName} - ${a.name}` }))}
      nothingFoundMessage={associations.isFetching ? SETTINGS_MESSAGES.loadingResults : SETTINGS_MESSAGES.noResults}
      onChange={(id) => {
        const chosen = list.find((a) => String(a.id) === id);
        if (chosen) onSelect(chosen);
      }}
      maw={460}
    />
  );
}
