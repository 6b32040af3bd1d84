import { ActionIcon, Tooltip } from '@mantine/core';
import { DASHBOARD_MESSAGES } from '@portico/shared';
import { IconSettings } from '@tabler/icons-react';
import { ThemePicker } from '../../../core/shell/ThemePicker';
import classes from './dashboard.module.css';

/** The slim icon bar at the right (a top bar on small screens): Settings and the theme picker. */
export function DashboardIconBar({ onSettings }: { onSettings: () => void }) {
  return (
    <nav className={classes.iconBar} aria-label="Dashboard tools">
      <Tooltip label={DASHBOARD_MESSAGES.settings} position="left">
        <ActionIcon variant="subtle" size="lg" aria-label="Dashboard settings" onClick={onSettings} data-testid="dashboard-settings">
          <IconSettings aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ThemePicker />
    </nav>
  );
}
