import { ActionIcon, Menu } from '@mantine/core';
import type { Theme } from '@portico/shared';
import { IconCheck, IconContrast2, IconMoon, IconPalette, IconSun } from '@tabler/icons-react';
import { useOptionalMember, useSaveProfileBag } from '../member';
import { useTheme } from '../theme-context';

const OPTIONS: Array<{ value: Theme; label: string; icon: typeof IconSun }> = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'contrast', label: 'High contrast', icon: IconContrast2 },
];

/** Light, dark or high contrast: saved in this browser and, when signed in, in the profile bag. */
export function ThemePicker() {
  const { theme, setTheme } = useTheme();
  const member = useOptionalMember();
  const save = useSaveProfileBag();
  const choose = (value: Theme) => {
    setTheme(value);
    if (member) save.mutate({ 'theme.selectedTheme': value });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="Choose theme">
          <IconPalette aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={theme === value ? <IconCheck size={16} aria-label="selected" /> : null}
            onClick={() => choose(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
