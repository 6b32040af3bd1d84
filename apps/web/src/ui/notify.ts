import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@portico/shared';
import type { ReactNode } from 'react';

/**
 * A toast: the seed's title and duration (false stays until closed). The named close button and the AA-contrast text
 * come from the theme's Notification defaults (app/theme.ts).
 */
export function notify(color: 'red' | 'green', title: string, message: ReactNode, autoClose: number | false) {
  notifications.show({ color, title, message, autoClose });
}

/** A popover toast of seed 002 section 8: successes close after 5 s, failures after 6 s. */
export function toast(outcome: 'success' | 'failure', message: string, title = outcome === 'success' ? 'Success' : 'Error') {
  if (outcome === 'success') notify('green', title, message, TOAST_SUCCESS_MS);
  else notify('red', title, message, TOAST_ERROR_MS);
}
