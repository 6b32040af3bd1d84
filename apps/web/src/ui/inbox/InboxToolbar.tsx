import { Button, Checkbox, Group, Menu, Select, Text, TextInput } from '@mantine/core';
import { type BulkAction, CONTENT_MESSAGES, INBOX_STATUS_FILTERS, type InboxStatusFilter, messageCountLabel } from '@portico/shared';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { SUBTLE_TEXT } from './subtle-text';

export interface FilterOption {
  value: string;
  label: string;
}

/** Search, the two filters, reset, Select All, With Selected and the count line of an inbox. */
export function InboxToolbar(props: {
  search: string;
  onSearch: (text: string) => void;
  searchLabel: string;
  filterLabel: string;
  filterValue: string;
  filterOptions: FilterOption[];
  onFilter: (value: string) => void;
  status: InboxStatusFilter;
  statusLabel: string;
  onStatus: (status: InboxStatusFilter) => void;
  onReset: () => void;
  count: number;
  allChecked: boolean;
  someChecked: boolean;
  onCheckAll: (on: boolean) => void;
  actions: BulkAction[];
  onAction: (action: BulkAction) => void;
}) {
  return (
    <>
      <TextInput
        label={props.searchLabel}
        placeholder="Search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        mb="xs"
      />
      <Group grow mb="xs" align="flex-end">
        <Select
          label={props.filterLabel}
          data={props.filterOptions}
          value={props.filterValue}
          onChange={(v) => props.onFilter(v ?? 'all')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={props.statusLabel}
          data={[...INBOX_STATUS_FILTERS]}
          value={props.status}
          onChange={(v) => props.onStatus((v as InboxStatusFilter) ?? 'All')}
          allowDeselect={false}
        />
      </Group>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap="sm">
          <Checkbox
            label={CONTENT_MESSAGES.selectAll}
            checked={props.allChecked}
            indeterminate={!props.allChecked && props.someChecked}
            onChange={(e) => props.onCheckAll(e.currentTarget.checked)}
            disabled={props.count === 0}
          />
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="default"
                rightSection={<IconChevronDown size={14} aria-hidden />}
                disabled={props.actions.length === 0}
              >
                {CONTENT_MESSAGES.withSelected}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {props.actions.map((action) => (
                <Menu.Item key={action} onClick={() => props.onAction(action)}>
                  {action}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Button size="compact-sm" variant="subtle" onClick={props.onReset}>
          {CONTENT_MESSAGES.resetFilters}
        </Button>
      </Group>
      <Text size="sm" c={SUBTLE_TEXT} mb="xs" data-testid="count-line" aria-live="polite">
        {messageCountLabel(props.count)} · {CONTENT_MESSAGES.sortedByDate}
      </Text>
    </>
  );
}
