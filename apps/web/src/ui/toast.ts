import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@portico/shared';

/** A popover toast (seed 002 section 8): successes close after 5 s, failures after 6 s; a named close button. */
export function toast(outcome: 'success' | 'failure', message: string, title = outcome === 'success' ? 'Success' : 'Error') {
  notifications.show({
    color: outcome === 'success' ? 'green' : 'red',
    title,
    message,
    autoClose: outcome === 'success' ? TOAST_SUCCESS_MS : TOAST_ERROR_MS,
    closeButtonProps: { 'aria-label': 'Close notification' },
    // The default dimmed description falls below AA contrast.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
