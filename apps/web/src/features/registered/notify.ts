import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** A toast of this feature: the seed's duration (false stays until closed) and a named close button. */
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
