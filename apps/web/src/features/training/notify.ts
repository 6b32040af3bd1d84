import { notifications } from '@mantine/notifications';

/** A toast of this feature: the seed's title, message and duration. */
export function notify(color: 'red' | 'green', title: string, message: string, autoClose: number) {
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
