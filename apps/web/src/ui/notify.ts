import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** A toast: the seed's title and duration (false stays until closed), a named close button, AA-contrast text. */
export function notify(color: 'red' | 'green', title: string, message: ReactNode, autoClose: number | false) {
  notifications.show({
    color,
    title,
    message,
    autoClose,
    closeButtonProps: { 'aria-label': 'Close notification' },
    // The default dimmed description falls below AA contrast.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
