import { ActionIcon, Indicator } from '@mantine/core';
import { badgeCount } from '@portico/shared';
import { IconBell, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';

function Bell({ to, label, count, icon: Icon }: { to: string; label: string; count: number | undefined; icon: typeof IconBell }) {
  const shown = badgeCount(count);
  const name = shown ? `${label}: ${shown} unread` : label;
  return (
    <Indicator label={shown} size={18} disabled={!shown} color="red" offset={4} inline>
      <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={name}>
        <Icon aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

/** The notification bell (/notifications) and the system-notification bell (/system-notifications). */
export function Bells({ notifications, systemNotifications }: { notifications?: number; systemNotifications?: number }) {
  return (
    <>
      <Bell to="/notifications" label="Notifications" count={notifications} icon={IconBell} />
      <Bell to="/system-notifications" label="System messages" count={systemNotifications} icon={IconSpeakerphone} />
    </>
  );
}
