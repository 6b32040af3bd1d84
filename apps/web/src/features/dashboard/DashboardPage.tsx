import { ActionIcon, Center, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type ArrangedSection,
  type AudienceApplication,
  applicationsView,
  arrangeKpis,
  arrangeSections,
  canSeeKpis,
  DASHBOARD_MESSAGES,
  MESSAGES,
  TOAST_ERROR_MS,
} from '@portico/shared';
import { IconAdjustments } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useMember } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { AccessHoldNotice } from '../access-gate/index';
import { usePromotedArticles } from '../articles/index';
import { ClearCoopDueCard } from '../clear-cooperation/index';
import { FactorGraceNotice } from '../second-factor-policy/index';
import { DashSystemNotifications } from '../system-notifications/index';
import { RequirementsCard } from '../training-requirements/index';
import { useAudienceApplications, useContainers, useGenericAds, useKpis } from './api';
import { AdSlot } from './components/AdSlot';
import { AppLauncher } from './components/AppLauncher';
import { DashboardIconBar } from './components/DashboardIconBar';
import { DashboardSection } from './components/DashboardSection';
import classes from './components/dashboard.module.css';
import { KpiCards } from './components/KpiCards';
import { MissingUrlAlerts } from './components/MissingUrlAlerts';
import { PromotedCarousel } from './components/PromotedCarousel';
import { type DrawerView, SettingsDrawer } from './components/SettingsDrawer';
import { useDashboardSave } from './hooks/useDashboardSave';

/** The signed-in dashboard: the member's sections in their order, the icon bar and the settings slide-over. */
export function DashboardPage() {
  const { viewer, profile, currentUser } = useMember();
  const bag = profile.profileBag;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerView, setDrawerView] = useState<DrawerView>('settings');
  const [missingUrl, setMissingUrl] = useState<AudienceApplication[]>([]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const save = useDashboardSave(closeDrawer);
  const kpisAllowed = canSeeKpis(viewer);

  const containers = useContainers();
  const apps = useAudienceApplications();
  const kpis = useKpis(kpisAllowed);
  const promoted = usePromotedArticles();
  const ads = useGenericAds();

  // The slide-over closes on any rejected call.
  const anyRejected = containers.isError || apps.isError || kpis.isError;
  useEffect(() => {
    if (anyRejected) setDrawerOpen(false);
  }, [anyRejected]);
  useEffect(() => {
    if (ads.isError) notifications.show({ id: 'ads-error', message: DASHBOARD_MESSAGES.adsError, color: 'red', autoClose: TOAST_ERROR_MS });
  }, [ads.isError]);

  const openDrawer = (view: DrawerView) => {
    setDrawerView(view);
    setDrawerOpen(true);
  };
  const favorites = Array.isArray(bag['applications.favorites']) ? (bag['applications.favorites'] as Array<number | string>) : [];
  const appsView = applicationsView(bag);
  const kpisView = bag['dashboardSettings.kpis.view'] === 'list' ? 'list' : 'card';
  const arrangedKpis = kpis.data ? arrangeKpis(kpis.data, bag) : null;
  const reportMissingUrl = (app: AudienceApplication) =>
    setMissingUrl((list) => (list.some((a) => a.id === app.id) ? list : [...list, app]));
  const toggleFavorite = (app: AudienceApplication) => {
    const isFavorite = favorites.some((f) => String(f) === String(app.id));
    save({ 'applications.favorites': isFavorite ? favorites.filter((f) => String(f) !== String(app.id)) : [...favorites, app.id] });
  };

  const header = (
    <PageTitle title={DASHBOARD_MESSAGES.title}>
      <Text className={classes.muted}>Welcome back, {currentUser.firstName}.</Text>
    </PageTitle>
  );
  if (containers.isPending) {
    return (
      <>
        {header}
        <Center py="xl">
          <Spinner label="Loading the dashboard" />
        </Center>
      </>
    );
  }
  if (containers.isError) {
    return (
      <>
        {header}
        <ErrorPanel title={MESSAGES.requestProblem} message={containers.error.message} />
      </>
    );
  }

  const sections = arrangeSections(containers.data, bag, { isAdmin: viewer.isAdmin, excluded: kpisAllowed ? [] : ['kpis'] });
  const loading = <Spinner size="sm" label="Loading" />;
  const appsBody = (core: boolean): ReactNode => {
    if (apps.isPending) return loading;
    if (apps.isError) return <ErrorPanel title={MESSAGES.requestProblem} message={apps.error.message} />;
    return (
      <AppLauncher
        apps={apps.data.filter((a) => a.isCore === core)}
        favorites={favorites}
        view={appsView}
        grouped={!core}
        emptyText={core ? DASHBOARD_MESSAGES.noCoreProducts : DASHBOARD_MESSAGES.noApplications}
        onMissingUrl={reportMissingUrl}
        onToggleFavorite={toggleFavorite}
      />
    );
  };
  const bodyOf = (section: ArrangedSection): ReactNode => {
    const tag = section.container.adTag;
    if (tag) return <AdSlot tag={tag} providers={ads.data} failed={ads.isError} />;
    switch (section.key) {
      case 'coreProducts':
        return appsBody(true);
      case 'applications':
        return appsBody(false);
      case 'kpis':
        if (kpis.isPending) return loading;
        if (kpis.isError) return <ErrorPanel title={MESSAGES.requestProblem} message={kpis.error.message} />;
        return <KpiCards kpis={arrangedKpis ?? []} view={kpisView} />;
      case 'articles':
        if (promoted.isPending) return loading;
        // The articles feature serves this call; when it is unavailable the carousel is simply empty.
        return <PromotedCarousel articles={promoted.data ?? []} />;
      default:
        return null;
    }
  };
  const actionsOf = (section: ArrangedSection): ReactNode => {
    const view: DrawerView | null =
      section.key === 'applications' || section.key === 'coreProducts' ? 'applications' : section.key === 'kpis' ? 'kpis' : null;
    if (!view) return null;
    return (
      <ActionIcon variant="subtle" color="gray" aria-label={`Customise ${section.container.title}`} onClick={() => openDrawer(view)}>
        <IconAdjustments size={18} aria-hidden />
      </ActionIcon>
    );
  };

  return (
    <>
      {header}
      <div className={`${classes.layout} ${classes.aa}`}>
        <Stack gap="md">
          <AccessHoldNotice />
          <FactorGraceNotice />
          <DashSystemNotifications />
          <ClearCoopDueCard />
          <RequirementsCard />
          <MissingUrlAlerts apps={missingUrl} onDismiss={(id) => setMissingUrl((list) => list.filter((a) => a.id !== id))} />
          {sections
            .filter((s) => s.show)
            .map((section) => (
              <DashboardSection
                key={section.key}
                sectionKey={section.key}
                title={section.container.title}
                collapsed={section.collapsed}
                locked={section.locked}
                isPending={section.isPending}
                onToggleCollapsed={() => save({ [`dashboardSettings.${section.key}.collapsed`]: !section.collapsed })}
                actions={actionsOf(section)}
              >
                {bodyOf(section)}
              </DashboardSection>
            ))}
        </Stack>
        <DashboardIconBar onSettings={() => openDrawer('settings')} />
      </div>
      <SettingsDrawer
        opened={drawerOpen}
        view={drawerView}
        onView={setDrawerView}
        onClose={closeDrawer}
        sections={sections}
        apps={apps.data ?? []}
        favorites={favorites}
        appsView={appsView}
        kpis={kpisAllowed ? arrangedKpis : null}
        kpisView={kpisView}
        save={save}
      />
    </>
  );
}
