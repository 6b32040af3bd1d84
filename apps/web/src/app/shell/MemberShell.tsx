import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { normalisePath } from '@portico/shared';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { useMember } from '../../core/member';
import { LoadingScreen } from '../../core/pages/LoadingScreen';
import { NotFoundPage } from '../../core/pages/NotFoundPage';
import { FeedbackTab } from '../../core/shell/FeedbackTab';
import { Footer } from '../../core/shell/Footer';
import { FLOAT_CLEARANCE, RAIL_WIDTH } from '../../core/shell/floating';
import { LAST_AOR_KEY, Logo } from '../../core/shell/Logo';
import { ThemePicker } from '../../core/shell/ThemePicker';
import { useTheme } from '../../core/theme-context';
import { LiveUpdates } from '../../features/live/index';
import { SupportButton, SupportDrawer, useSupportChat } from '../../features/support/index';
import { SystemNotificationPopups } from '../../features/system-notifications/index';
import type { RouteHandle } from '../routes';
import { normaliseTheme, THEME_STORAGE_KEY } from '../theme';
import { Bells } from './Bells';
import { MainNav } from './MainNav';
import { PasswordResetModal } from './PasswordResetModal';
import { UserMenu } from './UserMenu';
import { useUnreadCounts } from './unread-counts';

/** A screen is available when the member's menu list holds its path, or when it is a static entry. */
function useRouteAvailable(): boolean {
  const { menus } = useMember();
  const handle = [...useMatches()].reverse().find((m) => m.handle)?.handle as RouteHandle | undefined;
  if (!handle || handle.static || !handle.menuPath) return true;
  const wanted = normalisePath(handle.menuPath);
  return menus.some((m) => normalisePath(m.path) === wanted);
}

/** The navigation's top: below the fixed header and the demo banner (features/instance) when there is one. */
const SHELL_NAVBAR_TOP = 'calc(var(--app-shell-header-offset, 0rem) + var(--demo-banner-height, 0px))';

export function MemberShell() {
  const { authMember, menus, profile, viewer } = useMember();
  const [drawerOpen, drawer] = useDisclosure(false);
  const [supportOpen, support] = useDisclosure(false);
  const chat = useSupportChat(supportOpen);
  const available = useRouteAvailable();
  const counts = useUnreadCounts();
  const { setTheme } = useTheme();
  const nav = menus.filter((m) => m.menuType === 'nav' && m.menu === 'main');
  const quickLinks = menus.filter((m) => m.menuType === 'quicklink');

  useEffect(() => {
    if (viewer.aorShortName) window.localStorage.setItem(LAST_AOR_KEY, viewer.aorShortName);
    const stored = normaliseTheme(profile.profileBag['theme.selectedTheme']);
    if (stored && !window.localStorage.getItem(THEME_STORAGE_KEY)) setTheme(stored);
  }, [viewer.aorShortName, profile.profileBag, setTheme]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 250, breakpoint: 'md', collapsed: { mobile: !drawerOpen } }}
      // The right rail holds the Feedback tab and the Support button from 'sm' up, so neither floats over a control.
      aside={{ width: RAIL_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="md"
    >
      {/* Below the demo banner when there is one (features/instance). */}
      <AppShell.Header px="md" style={{ top: 'var(--demo-banner-height, 0px)' }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          {/* The logo gives way on narrow screens so that the bells and the user menu stay whole on screen. */}
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flexShrink: 1 }}>
            <Burger opened={drawerOpen} onClick={drawer.toggle} hiddenFrom="md" size="sm" aria-label="Toggle the main menu" />
            <Link to="/" aria-label="Portico home" style={{ minWidth: 0, overflow: 'hidden' }}>
              <Logo association={authMember.aor?.shortName} height={36} />
            </Link>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Bells notifications={counts.notifications} systemNotifications={counts.systemNotifications} />
            <ThemePicker />
            {/* Below 'sm' the Support button sits here, over nothing (decision 1040); from 'sm' up in the rail. */}
            <SupportButton placement="header" onOpen={support.open} unread={chat.unread} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" style={{ top: SHELL_NAVBAR_TOP, height: `calc(100dvh - ${SHELL_NAVBAR_TOP})` }}>
        {/* The browser's own scrolling: ScrollArea measured its bars on every screen's mount (decision 1172). */}
        <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
          <MainNav items={nav} quickLinks={quickLinks} onNavigate={drawer.close} />
        </Box>
      </AppShell.Navbar>
      <AppShell.Aside aria-label="Feedback and support" withBorder={false}>
        <Box visibleFrom="sm" h="100%" pos="relative">
          <FeedbackTab originatingSystem={authMember.originatingSystemID} />
          <SupportButton placement="rail" onOpen={support.open} unread={chat.unread} />
        </Box>
      </AppShell.Aside>
      <AppShell.Main
        id="main"
        style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}
        pb={{ base: FLOAT_CLEARANCE, sm: 'md' }}
      >
        <div style={{ flex: 1 }}>
          <Suspense fallback={<LoadingScreen />}>{available ? <Outlet /> : <NotFoundPage />}</Suspense>
        </div>
        <Footer originatingSystem={authMember.originatingSystemID} signedIn />
      </AppShell.Main>
      <SupportDrawer originatingSystem={authMember.originatingSystemID} opened={supportOpen} onClose={support.close} chat={chat} />
      <LiveUpdates />
      <PasswordResetModal required={authMember.requiredPasswordUpdate} />
      {!authMember.requiredPasswordUpdate && <SystemNotificationPopups />}
    </AppShell>
  );
}
