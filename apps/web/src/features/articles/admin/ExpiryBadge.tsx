import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { articleExpiryState, formatAdminDate, ARTICLE_ADMIN_MESSAGES as M } from '@portico/shared';

// Shades that keep the badge text at AA contrast in every theme (green.9 with white text is 4.4:1).
const COLORS = { expired: 'red.9', soon: 'yellow.4', ok: '#1e6b2e' } as const;
const STATES = { expired: 'expired', soon: 'expires within 5 days', ok: 'current' } as const;

/** Expires On: red when expired, a warning within 5 days, green otherwise, "N/A" when there is no expiry. */
export function ExpiryBadge({ expiresOn }: { expiresOn: string | null }) {
  const state = articleExpiryState(expiresOn);
  if (state === 'none') return <Text size="sm">{M.notAvailable}</Text>;
  return (
    <Badge color={COLORS[state]} autoContrast variant="filled" radius="sm" data-expiry={state} title={STATES[state]}>
      {formatAdminDate(expiresOn)}
      <VisuallyHidden> ({STATES[state]})</VisuallyHidden>
    </Badge>
  );
}
