import { Affix, Anchor, Button, Drawer, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { SUPPORT_MESSAGES, TOAST_ERROR_MS } from '@portico/shared';
import { IconHeadset, IconMessageCircle, IconPhone, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../app/api';
import { footerFor } from '../../app/shell/footer-config';
import { openChat } from './api';
import { ChatThreadView } from './ChatThreadView';
import { SupportTicketForm } from './SupportTicketForm';

export const SUPPORT_HOURS = 'Monday to Friday, 8:00 AM to 5:00 PM Pacific';

function LiveChat() {
  const [chatId, setChatId] = useState<number | null>(null);
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

/** The support widget on every signed-in screen: phone (by originating system), live chat and a support ticket. */
export function SupportWidget({ originatingSystem }: { originatingSystem: string | null }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [tab, setTab] = useState<string | null>('phone');
  const phone = footerFor(originatingSystem).phone;
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <Button leftSection={<IconHeadset size={18} aria-hidden />} onClick={open} radius="xl" color="blue.9" aria-haspopup="dialog">
          Support
        </Button>
      </Affix>
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
            <LiveChat />
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
    </>
  );
}
