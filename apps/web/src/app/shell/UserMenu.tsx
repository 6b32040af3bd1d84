import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { CITATION_MESSAGES, FEED_MESSAGES, FEED_PATH, greetingIn, MY_CITATIONS_PATH } from '@portico/shared';
import {
  IconChevronDown,
  IconDatabaseImport,
  IconExternalLink,
  IconFileText,
  IconGavel,
  IconLogout,
  IconSettings,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authConfig } from '../../core/auth';
import { useMember } from '../../core/member';
import { EulaViewModal } from '../../features/eula/index';

/** Greeting by the hour of the member's MLS time zone with first name; name, login id and member type; Account Settings, View EULA, Logout. */
export function UserMenu() {
  const { currentUser, viewer } = useMember();
  const navigate = useNavigate();
  const [eulaOpen, setEulaOpen] = useState(false);
  const { portalOwnsCredentials, accountUrl } = authConfig();
  const greeting = `${greetingIn(currentUser.timeZone)}, ${currentUser.firstName}`;
  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`${greeting}: open the user menu`} data-testid="user-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar src={currentUser.photoUrl} alt="" radius="xl" size="sm">
                {currentUser.firstName[0]}
                {currentUser.lastName[0]}
              </Avatar>
              <Text size="sm" fw={600} visibleFrom="sm" data-testid="greeting">
                {greeting}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={700} c="var(--mantine-color-text)">
              {currentUser.firstName} {currentUser.lastName}
            </Text>
            <Text size="xs" data-testid="login-id">
              {currentUser.loginId}
            </Text>
            <Text size="xs" data-testid="member-type">
              {currentUser.memberType.displayName}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          {portalOwnsCredentials ? (
            <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={() => navigate('/account-settings')}>
              Account Settings
            </Menu.Item>
          ) : (
            accountUrl && (
              // The provider owns passwords and second factors: its own account page manages them.
              <Menu.Item
                component="a"
                href={accountUrl}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconSettings size={16} aria-hidden />}
                rightSection={<IconExternalLink size={14} aria-hidden />}
              >
                Account Settings
              </Menu.Item>
            )
          )}
          {viewer.level === 5 && (
            // MLS staff's screen of the RESO feed: reachable with the demo off too, where no menu list names it.
            <Menu.Item leftSection={<IconDatabaseImport size={16} aria-hidden />} onClick={() => navigate(FEED_PATH)}>
              {FEED_MESSAGES.title}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconGavel size={16} aria-hidden />} onClick={() => navigate(MY_CITATIONS_PATH)}>
            {CITATION_MESSAGES.myTitle}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => setEulaOpen(true)}>
            View EULA
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => navigate('/logout')}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EulaViewModal opened={eulaOpen} onClose={() => setEulaOpen(false)} />
    </>
  );
}
