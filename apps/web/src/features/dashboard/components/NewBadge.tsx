import { Badge } from '@mantine/core';
import { DASHBOARD_MESSAGES } from '@portico/shared';
import classes from './dashboard.module.css';

/** The 'new' badge of applications created in the last 30 days; it pings for 5 seconds (five 1 s pulses). */
export function NewBadge() {
  return (
    <Badge size="xs" color="red.9" variant="filled" className={classes.newBadge} data-testid="new-badge">
      <span className={classes.ping} aria-hidden />
      {DASHBOARD_MESSAGES.newBadge}
    </Badge>
  );
}
