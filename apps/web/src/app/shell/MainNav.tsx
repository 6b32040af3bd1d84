import { Anchor, Button, Group, Menu, NavLink, Stack } from '@mantine/core';
import type { MenuItem } from '@portico/shared';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';

const isExternal = (item: MenuItem) => item.target === '_blank' || /^https?:/i.test(item.path);

function ItemLabel({ item }: { item: MenuItem }) {
  return (
    <>
      {item.title}
      {isExternal(item) && <IconExternalLink size={12} aria-label="(opens in a new tab)" style={{ marginLeft: 4 }} />}
    </>
  );
}

/** External items open in a new tab; internal ones route inside the app. */
function itemHref(item: MenuItem) {
  return isExternal(item) ? { href: item.path, target: '_blank', rel: 'noopener noreferrer' } : { href: item.path };
}

function useInternalClick() {
  const navigate = useNavigate();
  return (item: MenuItem, after?: () => void) => (event: React.MouseEvent) => {
    after?.();
    if (isExternal(item) || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(item.path);
  };
}

/** The main menu (nav items) and quick links of the server menu list, sorted by viewOrder. */
export function MainNav({ items, quickLinks }: { items: MenuItem[]; quickLinks: MenuItem[] }) {
  const { pathname } = useLocation();
  const onClick = useInternalClick();
  return (
    <Group gap={4} component="nav" aria-label="Main" wrap="nowrap">
      {items.map((item) => {
        const active = !isExternal(item) && (item.path === '/' ? pathname === '/' : pathname.startsWith(item.path.replace(/\/$/, '')));
        return (
          <Button
            key={item.id}
            component="a"
            variant={active ? 'light' : 'subtle'}
            size="compact-sm"
            {...itemHref(item)}
            onClick={onClick(item)}
            aria-current={active ? 'page' : undefined}
          >
            <ItemLabel item={item} />
          </Button>
        );
      })}
      {quickLinks.length > 0 && (
        <Menu withinPortal position="bottom-end">
          <Menu.Target>
            <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} aria-hidden />}>
              Quick Links
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {quickLinks.map((item) => (
              <Menu.Item key={item.id} component="a" {...itemHref(item)} onClick={onClick(item)}>
                <ItemLabel item={item} />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** The same entries stacked, for the drawer on small screens. */
export function MobileNav({ items, quickLinks, onNavigate }: { items: MenuItem[]; quickLinks: MenuItem[]; onNavigate: () => void }) {
  const onClick = useInternalClick();
  return (
    <Stack gap={0} component="nav" aria-label="Main">
      {items.map((item) => (
        <NavLink key={item.id} component="a" label={<ItemLabel item={item} />} {...itemHref(item)} onClick={onClick(item, onNavigate)} />
      ))}
      {quickLinks.map((item) => (
        <Anchor key={item.id} href={item.path} target="_blank" rel="noopener noreferrer" px="sm" py={6} size="sm">
          <ItemLabel item={item} />
        </Anchor>
      ))}
    </Stack>
  );
}
