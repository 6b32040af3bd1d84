import { ActionIcon, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  APPLICATION_CATEGORY_LABELS,
  type ApplicationsView,
  type AudienceApplication,
  groupApplications,
  launchHref,
  sortApplications,
} from '@portico/shared';
import { IconExternalLink, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { HTMLAttributes, Ref } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { recordApplicationLaunch } from '../api';
import { AppIcon } from './AppIcon';
import classes from './dashboard.module.css';
import { NewBadge } from './NewBadge';

interface Props {
  apps: AudienceApplication[];
  favorites: Array<number | string>;
  view: ApplicationsView;
  emptyText: string;
  grouped: boolean;
  onMissingUrl: (app: AudienceApplication) => void;
  onToggleFavorite: (app: AudienceApplication) => void;
}

/** The launcher: grouped by category, favourites first, icon or card view; an app opens in a new tab. */
export function AppLauncher({ apps, favorites, view, emptyText, grouped, onMissingUrl, onToggleFavorite }: Props) {
  if (apps.length === 0) return <EmptyState text={emptyText} />;
  const sorted = sortApplications(apps, favorites);
  const groups = grouped ? groupApplications(sorted) : [{ category: null, apps: sorted }];
  const favoriteIds = new Set(favorites.map(String));
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <div key={group.category ?? 'all'}>
          {group.category && (
            <Title order={3} size="h6" className={classes.muted} mb={6} tt="uppercase">
              {APPLICATION_CATEGORY_LABELS[group.category]}
            </Title>
          )}
          {view === 'icon' ? (
            <SimpleGrid cols={{ base: 3, xs: 4, sm: 6, lg: 8 }} spacing="xs">
              {group.apps.map((app) => (
                <AppTile key={app.id} app={app} isFavorite={favoriteIds.has(String(app.id))} onMissingUrl={onMissingUrl} />
              ))}
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {group.apps.map((app) => (
                <AppCard
                  key={app.id}
                  app={app}
                  isFavorite={favoriteIds.has(String(app.id))}
                  onMissingUrl={onMissingUrl}
                  onToggleFavorite={onToggleFavorite}
                />
              ))}
            </SimpleGrid>
          )}
        </div>
      ))}
    </Stack>
  );
}

interface OpenAppProps extends HTMLAttributes<HTMLElement> {
  app: AudienceApplication;
  onMissingUrl: (app: AudienceApplication) => void;
  ref?: Ref<HTMLElement>;
}

/** A link to the app in a new tab, or a button that reports the missing URL. Passes the tooltip's ref and handlers on. */
function OpenApp({ app, onMissingUrl, ref, children, ...rest }: OpenAppProps) {
  const href = launchHref(app);
  if (href) {
    return (
      <a
        {...rest}
        ref={ref as Ref<HTMLAnchorElement>}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={`app-${app.nameShort}`}
        onClick={() => recordApplicationLaunch(app.id)}
        onAuxClick={(e) => e.button === 1 && recordApplicationLaunch(app.id)}
      >
        {children}
      </a>
    );
  }
  return (
    <button
      {...rest}
      ref={ref as Ref<HTMLButtonElement>}
      type="button"
      onClick={() => onMissingUrl(app)}
      data-testid={`app-${app.nameShort}`}
    >
      {children}
    </button>
  );
}

function AppTile({
  app,
  isFavorite,
  onMissingUrl,
}: {
  app: AudienceApplication;
  isFavorite: boolean;
  onMissingUrl: (app: AudienceApplication) => void;
}) {
  return (
    <Tooltip label={app.hoverText ?? app.name} openDelay={300} multiline maw={240}>
      <OpenApp app={app} className={classes.tile} onMissingUrl={onMissingUrl}>
        <span style={{ position: 'relative' }}>
          <AppIcon app={app} />
          {app.isNew && (
            <span style={{ position: 'absolute', top: -10, right: -26 }}>
              <NewBadge />
            </span>
          )}
        </span>
        <Text size="xs" fw={500} lineClamp={2}>
          {isFavorite && <IconStarFilled size={10} aria-label="Favourite" style={{ marginRight: 2 }} />}
          {app.name}
          <VisuallyHiddenNewTab app={app} />
        </Text>
      </OpenApp>
    </Tooltip>
  );
}

function VisuallyHiddenNewTab({ app }: { app: AudienceApplication }) {
  return launchHref(app) ? (
    <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}> (opens in a new tab)</span>
  ) : null;
}

function AppCard({
  app,
  isFavorite,
  onMissingUrl,
  onToggleFavorite,
}: {
  app: AudienceApplication;
  isFavorite: boolean;
  onMissingUrl: (app: AudienceApplication) => void;
  onToggleFavorite: (app: AudienceApplication) => void;
}) {
  return (
    <Card withBorder padding="sm" title={app.hoverText ?? undefined}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <AppIcon app={app} size={40} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {/* The whole name, wrapped, and the NEW badge beside it or on the next line: never clipped (decision 0953). */}
          <Group gap={6} wrap="wrap" data-testid="app-card-title">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {app.name}
            </Text>
            {app.isNew && <NewBadge />}
          </Group>
          <Text size="xs" className={classes.muted} lineClamp={2}>
            {app.hoverText}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color={isFavorite ? 'yellow.8' : 'gray'}
          aria-pressed={isFavorite}
          aria-label={isFavorite ? `Remove ${app.name} from favourites` : `Add ${app.name} to favourites`}
          onClick={() => onToggleFavorite(app)}
        >
          {isFavorite ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
        </ActionIcon>
      </Group>
      <Group justify="flex-end" mt="xs">
        <OpenApp app={app} onMissingUrl={onMissingUrl} className={launchHref(app) ? undefined : classes.linkButton}>
          <Group gap={4} component="span">
            <Text component="span" size="sm" c="var(--mantine-color-anchor)" fw={500}>
              Open {app.name}
            </Text>
            {launchHref(app) && <IconExternalLink size={14} aria-label="(opens in a new tab)" />}
          </Group>
        </OpenApp>
      </Group>
    </Card>
  );
}
