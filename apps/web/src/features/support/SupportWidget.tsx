import { ActionIcon, Affix, Anchor, Box, Button, Drawer, Indicator, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SUPPORT_MESSAGES, TOAST_ERROR_MS } from '@portico/shared';
import { IconHeadset, IconMessageCircle, IconPhone, IconTicket } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../core/api';
import { footerFor } from '../../core/shell/footer-config';
import { openChat } from './api';
import { ChatThreadView } from './ChatThreadView';
import type { SupportChatState } from './chat-state';
import { SupportTicketForm } from './SupportTicketForm';

export const SUPPORT_HOURS = 'Monday to Friday, 8:00 AM to 5:00 PM Pacific';

function LiveChat({ chatId, setChatId }: Pick<SupportChatState, 'chatId' | 'setChatId'>) {
  const [starting, setStarting] = useState(false);
  if (chatId !== null) return <ChatThreadView id={chatId} canWrite asMember />;
  return (
    <Stack gap="sm">
      <Text size="sm">{SUPPORT_MESSAGES.chatIntro}</Text>
      <Button
        loading={starting}
        onClick={async () => {
          setStarting(true);
          try {
            setChatId((await openChat()).workItemId);
          } catch (error) {
            notifications.show({
              color: 'red',
              title: 'Error',
              message: error instanceof ApiError ? error.message : SUPPORT_MESSAGES.chatFailed,
              autoClose: TOAST_ERROR_MS,
            });
          } finally {
            setStarting(false);
          }
        }}
      >
        Start chat
      </Button>
    </Stack>
  );
}

/**
 * The Support button of every signed-in screen: in the shell's right rail from 'sm' up ('rail'), floating at the
 * bottom right below it ('float'), each inside a landmark of its own (decision 0951).
 */
export function SupportButton({
  placement,
  onOpen,
  unread = false,
}: {
  placement: 'rail' | 'float';
  onOpen: () => void;
  unread?: boolean;
}) {
  const label = unread ? SUPPORT_MESSAGES.chatUnread : 'Support';
  const button = (
    <Tooltip label={label} position="left">
      <Indicator disabled={!unread} color="red.8" size={14} offset={6} withBorder>
        <ActionIcon size={48} radius="xl" color="blue.9" variant="filled" aria-label={label} aria-haspopup="dialog" onClick={onOpen}>
          <IconHeadset size={24} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
  if (placement === 'rail')
    return (
      <Box pos="absolute" bottom={20} left={0} right={0} style={{ display: 'flex', justifyContent: 'center' }}>
        {button}
      </Box>
    );
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={150} hiddenFrom="sm">
      <Box component="aside" aria-label="Support">
        {button}
      </Box>
    </Affix>
  );
}

/** The support drawer: phone (by originating system), live chat and a support ticket. */
export function SupportDrawer({
  originatingSystem,
  opened,
  onClose: close,
  chat,
}: {
  originatingSystem: string | null;
  opened: boolean;
  onClose: () => void;
  chat: SupportChatState;
}) {
  const [tab, setTab] = useState<string | null>('phone');
  // Opened because of a staff reply (the launcher's mark): straight to the conversation.
  const { unread } = chat;
  useEffect(() => {
    if (opened && unread) setTab('chat');
  }, [opened, unread]);
  const phone = footerFor(originatingSystem).phone;
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="md"
      title={
        <Title order={2} size="h4">
          Support
        </Title>
      }
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="phone" leftSection={<IconPhone size={16} aria-hidden />}>
            Phone
          </Tabs.Tab>
          <Tabs.Tab value="chat" leftSection={<IconMessageCircle size={16} aria-hidden />}>
            Live Chat
          </Tabs.Tab>
          <Tabs.Tab value="ticket" leftSection={<IconTicket size={16} aria-hidden />}>
            Support Ticket
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="phone">
          <Stack gap="xs">
            <Text>Call the support team:</Text>
            <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} fz="xl" fw={700}>
              {phone}
            </Anchor>
            <Text size="sm">{SUPPORT_HOURS}</Text>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="chat">
          <LiveChat chatId={chat.chatId} setChatId={chat.setChatId} />
        </Tabs.Panel>
        <Tabs.Panel value="ticket">
          <Stack gap="sm">
            <SupportTicketForm />
            <Anchor component={Link} to="/cases" size="sm" onClick={close}>
              See your tickets in Member Insights
            </Anchor>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
