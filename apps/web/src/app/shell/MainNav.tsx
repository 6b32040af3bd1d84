import { Divider, NavLink, Stack, Text } from '@mantine/core';
import type { MenuItem } from '@portico/shared';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

const isExternal = (item: MenuItem) => item.target === '_blank' || /^https?:/i.test(item.path);

function isActive(item: MenuItem, pathname: string): boolean {
  if (isExternal(item)) return false;
  const path = item.path.replace(/\/$/, '') || '/';
  return path === '/' ? pathname === '/' : pathname.toLowerCase().startsWith(path.toLowerCase());
}

/**
 * The main menu and quick links of the server menu list, sorted by viewOrder. External items open a new tab
 * and carry a generic icon; internal ones route inside the app.
 */
export function MainNav({ items, quickLinks, onNavigate }: { items: MenuItem[]; quickLinks: MenuItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const linkProps = (item: MenuItem) => ({
    href: item.path,
    ...(isExternal(item) ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
    onClick: (event: MouseEvent) => {
      onNavigate?.();
      if (isExternal(item) || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      navigate(item.path);
    },
  });
  const external = <IconExternalLink size={14} aria-label="(opens in a new tab)" />;
  return (
    <Stack gap={2} component="nav" aria-label="Main">
      {items.map((item) => (
        <NavLink
          key={item.id}
          component="a"
          label={item.title}
          active={isActive(item, pathname)}
          variant="filled"
          color="blue.9"
          aria-current={isActive(item, pathname) ? 'page' : undefined}
          rightSection={isExternal(item) ? external : null}
          {...linkProps(item)}
        />
      ))}
      {quickLinks.length > 0 && (
        <>
          <Divider my="sm" />
          <Text size="xs" fw={700} tt="uppercase" px="sm" c="dimmed">
            Quick Links
          </Text>
          {quickLinks.map((item) => (
            <NavLink
              key={item.id}
              component="a"
              label={item.title}
              leftSection={<IconLink size={16} aria-hidden />}
              rightSection={external}
              {...linkProps(item)}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
