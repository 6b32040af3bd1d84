import { Checkbox, Drawer, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import {
  type ApplicationsView,
  type ArrangedKpi,
  type ArrangedSection,
  type AudienceApplication,
  canMove,
  DASHBOARD_MESSAGES,
  reorderKeys,
  sortApplications,
} from '@portico/shared';
import classes from './dashboard.module.css';
import { SortableList } from './SortableList';

export type DrawerView = 'settings' | 'applications' | 'kpis';

interface Props {
  opened: boolean;
  view: DrawerView;
  onView: (view: DrawerView) => void;
  onClose: () => void;
  sections: ArrangedSection[];
  apps: AudienceApplication[];
  favorites: Array<number | string>;
  appsView: ApplicationsView;
  kpis: ArrangedKpi[] | null;
  kpisView: 'card' | 'list';
  save: (changes: Record<string, unknown>) => void;
}

/** The slide-over: dashboard settings (sections), applications (view, favourites) and market statistics (KPIs). */
export function SettingsDrawer({ opened, view, onView, onClose, sections, apps, favorites, appsView, kpis, kpisView, save }: Props) {
  const views = [
    { value: 'settings', label: 'Settings' },
    { value: 'applications', label: 'Applications' },
    ...(kpis ? [{ value: 'kpis', label: 'KPIs' }] : []),
  ];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={DASHBOARD_MESSAGES.views[view]}
      closeButtonProps={{ 'aria-label': 'Close settings' }}
      classNames={{ content: classes.aa }}
    >
      <Stack gap="md">
        <SegmentedControl fullWidth value={view} onChange={(v) => onView(v as DrawerView)} data={views} aria-label="Settings view" />
        {view === 'settings' && <SectionsView sections={sections} save={save} />}
        {view === 'applications' && <ApplicationsViewPanel apps={apps} favorites={favorites} appsView={appsView} save={save} />}
        {view === 'kpis' && kpis && <KpisView kpis={kpis} kpisView={kpisView} save={save} />}
      </Stack>
    </Drawer>
  );
}

function SectionsView({ sections, save }: { sections: ArrangedSection[]; save: Props['save'] }) {
  const keys = sections.map((s) => s.key);
  const locked = new Set(sections.filter((s) => s.locked).map((s) => s.key));
  return (
    <Stack gap="xs">
      <Text size="sm" className={classes.muted}>
        Drag a section by its handle, or use the arrows, to change the order. A locked section keeps its place and state.
      </Text>
      <SortableList
        testId="sections-order"
        items={sections.map((s) => ({ id: s.key, label: s.container.title, locked: s.locked }))}
        canMove={(from, to) => canMove(keys, from, to, locked)}
        onMove={(from, to) => save(reorderKeys(keys, from, to).changes)}
        renderControls={(item) => {
          const s = sections.find((x) => x.key === item.id)!;
          return (
            <>
              <Switch
                size="xs"
                label="Show"
                checked={s.show}
                disabled={s.locked}
                onChange={(e) => save({ [`dashboardSettings.${s.key}.show`]: e.currentTarget.checked })}
                aria-label={`Show ${s.container.title}`}
              />
              <Switch
                size="xs"
                label="Lock"
                checked={s.locked}
                onChange={(e) => save({ [`dashboardSettings.${s.key}.locked`]: e.currentTarget.checked })}
                aria-label={`Lock ${s.container.title}`}
              />
            </>
          );
        }}
      />
    </Stack>
  );
}

function ApplicationsViewPanel({
  apps,
  favorites,
  appsView,
  save,
}: {
  apps: AudienceApplication[];
  favorites: Array<number | string>;
  appsView: ApplicationsView;
  save: Props['save'];
}) {
  const favoriteIds = new Set(favorites.map(String));
  const toggle = (app: AudienceApplication, on: boolean) => {
    const next = on
      ? [...favorites.filter((f) => String(f) !== String(app.id)), app.id]
      : favorites.filter((f) => String(f) !== String(app.id));
    save({ 'applications.favorites': next });
  };
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4} id="apps-view-label">
          Launcher view
        </Text>
        <SegmentedControl
          value={appsView}
          onChange={(v) => save({ 'dashboardSettings.applications.view': v })}
          data={[
            { value: 'icon', label: 'Icons' },
            { value: 'card', label: 'Cards' },
          ]}
          aria-labelledby="apps-view-label"
        />
      </div>
      <Text size="sm" fw={500}>
        Favourites come first in the launcher
      </Text>
      <Stack gap={6} role="group" aria-label="Favourite applications">
        {sortApplications(apps, favorites).map((app) => (
          <Checkbox
            key={app.id}
            label={app.name}
            checked={favoriteIds.has(String(app.id))}
            onChange={(e) => toggle(app, e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function KpisView({ kpis, kpisView, save }: { kpis: ArrangedKpi[]; kpisView: 'card' | 'list'; save: Props['save'] }) {
  const keys = kpis.map((k) => String(k.kpi.kpiDefinitionID));
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4} id="kpis-view-label">
          Statistics view
        </Text>
        <SegmentedControl
          value={kpisView}
          onChange={(v) => save({ 'dashboardSettings.kpis.view': v })}
          data={[
            { value: 'card', label: 'Cards' },
            { value: 'list', label: 'List' },
          ]}
          aria-labelledby="kpis-view-label"
        />
      </div>
      <SortableList
        testId="kpis-order"
        items={kpis.map((k) => ({ id: String(k.kpi.kpiDefinitionID), label: k.kpi.title }))}
        canMove={(from, to) => canMove(keys, from, to, new Set())}
        onMove={(from, to) => save(reorderKeys(keys, from, to, 'dashboardSettings.kpis').changes)}
        renderControls={(item) => {
          const k = kpis.find((x) => String(x.kpi.kpiDefinitionID) === item.id)!;
          return (
            <Switch
              size="xs"
              label="Show"
              checked={k.show}
              onChange={(e) => save({ [`dashboardSettings.kpis.${item.id}.show`]: e.currentTarget.checked })}
              aria-label={`Show ${k.kpi.title}`}
            />
          );
        }}
      />
    </Stack>
  );
}
