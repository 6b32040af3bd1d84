import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@portico/shared';

/** The Articles tab's popover toasts (seed 002 section 8): successes 5 s, failures 6 s. */
export function toast(outcome: 'success' | 'failure', message: string, title = outcome === 'success' ? 'Success' : 'Error') {
  notifications.show({
    color: outcome === 'success' ? 'green' : 'red',
    title,
    message,
    autoClose: outcome === 'success' ? TOAST_SUCCESS_MS : TOAST_ERROR_MS,
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
