import { Group, Radio, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { type EditedSetting, SETTINGS_MESSAGES, type SettingGroup, type SettingType, visibleOptions } from '@portico/shared';
import { IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DANGER_TEXT, SUBTLE_TEXT } from '../../../ui/inbox/subtle-text';

const SOURCE_TEXT: Record<EditedSetting['source'], string> = {
  member: 'Set for this member',
  office: 'From the office',
  mainOffice: 'From the main office',
  association: 'From the association',
  mls: 'MLS default',
};

interface Props {
  type: SettingType;
  group: SettingGroup;
  setting: EditedSetting;
  value: string;
  viewerLevel: number;
  isChanged: boolean;
  onChange: (value: string) => void;
}

/** One setting: its control by the group's input type, where its value comes from, its lock and last change. */
export function SettingControl({ type, group, setting, value, viewerLevel, isChanged, onChange }: Props) {
  const disabled = !setting.isEditable;
  const options = visibleOptions(group.settingValues, viewerLevel, value);
  // The current value may be a hidden 99 from above: show it, read-only, with its long text.
  const data = options.some((o) => o.shortValue === value)
    ? options
    : [...options, { id: -1, groupId: group.id, shortValue: value, longValue: setting.displayValue, sortOrder: 999 }];
  const labelId = `setting-${type.id}-label`;
  const descriptionId = `setting-${type.id}-description`;
  let control: React.ReactNode;
  if (group.inputType === 'Toggle') {
    control = (
      <Switch
        checked={value === '1'}
        onChange={(e) => onChange(e.currentTarget.checked ? '1' : '0')}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        label={data.find((o) => o.shortValue === value)?.longValue}
      />
    );
  } else if (group.inputType === 'Select') {
    control = (
      <Select
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        data={data.map((o) => ({ value: o.shortValue, label: o.longValue }))}
        value={value}
        onChange={(v) => v !== null && onChange(v)}
        allowDeselect={false}
        disabled={disabled}
        maw={420}
      />
    );
  } else {
    control = (
      <Radio.Group value={value} onChange={onChange} aria-labelledby={labelId} aria-describedby={descriptionId}>
        <Stack gap={8} mt={4}>
          {data.map((o) => (
            <Radio key={o.shortValue} size="md" value={o.shortValue} label={o.longValue} disabled={disabled} />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  const change = setting.lastChange;
  // Changes read as option texts; a value the viewer cannot see (99 below level 3) keeps its effective text.
  const textOf = (short: string | null) =>
    short === null ? 'not set' : (data.find((o) => o.shortValue === short)?.longValue ?? (short === value ? setting.displayValue : short));
  return (
    <Stack gap={4} py="sm" data-testid={`setting-${type.id}`}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} id={labelId}>
          {type.name}
        </Text>
        {isChanged && (
          <Text size="xs" c="var(--mantine-color-anchor)" fw={600}>
            (changed)
          </Text>
        )}
      </Group>
      <Text size="sm" id={descriptionId}>
        {type.description}
      </Text>
      {control}
      {disabled && (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={SETTINGS_MESSAGES.lockedSetting}>
            <IconLock size={16} color={setting.isLocked ? DANGER_TEXT : SUBTLE_TEXT} aria-hidden />
          </Tooltip>
          <Text size="sm" c={setting.isLocked ? DANGER_TEXT : undefined} data-locked={setting.isLocked ? 'office' : 'level'}>
            {SETTINGS_MESSAGES.lockedSetting}
          </Text>
        </Group>
      )}
      <Text size="xs">
        {SOURCE_TEXT[setting.source]}
        {change &&
          ` · Last changed ${dayjs(change.changedOn).format('MM/DD/YYYY hh:mm A')} by ${change.changedByName} (${change.changedByLoginId}): ${textOf(
            change.oldValue,
          )} → ${textOf(change.newValue)}`}
      </Text>
    </Stack>
  );
}
