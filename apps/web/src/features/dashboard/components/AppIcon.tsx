import { Avatar } from '@mantine/core';
import type { ApplicationCategory, AudienceApplication } from '@portico/shared';

// Shade 9 keeps white initials above AA contrast in every theme.
const COLORS: Record<ApplicationCategory, string> = { member: 'blue.9', aor: 'teal.9', broker: 'grape.9', marketplace: 'pink.9' };

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

/** The application's icon, or its initials in its category's colour when it has none. */
export function AppIcon({ app, size = 48 }: { app: AudienceApplication; size?: number }) {
  if (app.iconUrl) return <Avatar src={app.iconUrl} alt="" size={size} radius="md" />;
  return (
    <Avatar size={size} radius="md" color={COLORS[app.applicationCategory]} variant="filled" aria-hidden>
      {initials(app.name)}
    </Avatar>
  );
}
