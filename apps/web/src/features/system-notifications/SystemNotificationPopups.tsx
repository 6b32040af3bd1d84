import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { CONTENT_MESSAGES, htmlToText, isExpired, popoverIconKind, SYSTEM_POPOVER_AUTO_CLOSE_MS } from '@portico/shared';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { SUBTLE_TEXT } from '../../ui/inbox/subtle-text';
import { type SystemNotificationItem, useSystemNotificationActions, useSystemNotifications } from './hooks';
import { StatusBadge } from './StatusBadge';

const ICONS = { info: IconInfoCircle, warning: IconAlertTriangle, error: IconCircleX, success: IconCircleCheck } as const;
const COLORS = { info: 'blue', warning: 'yellow', error: 'red', success: 'green' } as const;

const isPending = (n: SystemNotificationItem) => !n.isRead && !n.isArchived && !isExpired(n);

/**
 * Popover, modal and simpleModal messages not yet read pop up: popovers as toasts (icon by status id), the
 * first unread modal alone, one at a time, and the toasts once no modal is left. Closing one marks it read. Toasts sit at the bottom left, clear of the
 * header and of the Support drawer, and close by themselves after SYSTEM_POPOVER_AUTO_CLOSE_MS.
 */
export function SystemNotificationPopups() {
  const { items } = useSystemNotifications();
  const { setRead } = useSystemNotificationActions();
  const shown = useRef(new Set<number>());
  const popovers = useMemo(() => items.filter((n) => n.position === 'popover' && isPending(n)), [items]);
  const modal = useMemo(() => items.find((n) => (n.position === 'modal' || n.position === 'simpleModal') && isPending(n)) ?? null, [items]);

  useEffect(() => {
    // One thing at a time: the toasts wait until no system-message modal is open (they would lie over it).
    if (modal) return;
    for (const n of popovers) {
      if (shown.current.has(n.id)) continue;
      shown.current.add(n.id);
      const kind = popoverIconKind(n.systemNotificationStatusId);
      const Icon = ICONS[kind];
      toasts.show({
        id: `system-notification-${n.id}`,
        title: n.title,
        message: htmlToText(n.message),
        color: COLORS[kind],
        icon: <Icon size={18} aria-label={kind} />,
        // Closes by itself after a while (decision 0952); a close, by the member or by the timer, marks it read.
        autoClose: SYSTEM_POPOVER_AUTO_CLOSE_MS,
        withCloseButton: true,
        onClose: () => setRead([n.id], true),
      });
    }
  }, [popovers, modal, setRead]);

  if (!modal) return null;
  const close = () => setRead([modal.id], true);
  if (modal.position === 'simpleModal') {
    return (
      <Modal opened onClose={close} title={modal.title} centered key={modal.id}>
        <SafeHtml html={modal.message} />
        <Group justify="flex-end" mt="md">
          <Button onClick={close}>OK</Button>
        </Group>
      </Modal>
    );
  }
  return (
    <Modal opened onClose={close} title={modal.title} centered size="lg" key={modal.id}>
      <Stack gap="xs">
        <Group gap="xs">
          <StatusBadge notification={modal} />
          <Text size="sm" c={SUBTLE_TEXT}>
            {CONTENT_MESSAGES.messageSentOn} {dayjs(modal.createdOn).format('MM/DD/YYYY hh:mm A')}
          </Text>
        </Group>
        <SafeHtml html={modal.message} />
        {modal.url && (
          <Anchor href={modal.url} target="_blank" rel="noopener noreferrer">
            {CONTENT_MESSAGES.moreInformation}
          </Anchor>
        )}
        <Group justify="flex-end">
          <Button onClick={close}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
