import type { RouteObject } from 'react-router';
import { lazyPage } from '../core/lazy-page';
import { prefetchDashboard } from '../features/dashboard/index';
import { registeredRoutes } from '../features/registered/index';
import { trainingRoutes } from '../features/training/index';
import { trainingRequirementsRoutes } from '../features/training-requirements/index';

/**
 * The signed-in screens of the seeds. `menuPath` names the server menu entry that makes a screen available
 * (seed 000 section 2: routes come from the menu list matched against these paths); `static` screens are
 * always available. A feature adds its screens here.
 */
export interface RouteHandle {
  menuPath?: string;
  static?: boolean;
  title?: string;
  /** A screen of Portico's own passwords and second factors: absent when an external provider owns them. */
  managesCredentials?: boolean;
}

export const featureRoutes: RouteObject[] = [
  {
    index: true,
    handle: { static: true, title: 'Dashboard' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/dashboard/DashboardPage'),
      (m) => m.DashboardPage,
      prefetchDashboard,
    ),
  },
  {
    path: 'password-change',
    handle: { static: true, title: 'Change Password', managesCredentials: true } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/account/PasswordChangePage'),
      (m) => m.PasswordChangePage,
    ),
  },
  {
    path: 'account-settings/:urlTab?',
    handle: { static: true, title: 'User Settings', managesCredentials: true } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/account/index'),
      (m) => m.AccountSettingsPage,
    ),
  },
  {
    path: 'articles',
    handle: { menuPath: '/articles/', title: 'Articles' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/articles/ArticlesPage'),
      (m) => m.ArticlesPage,
    ),
  },
  {
    path: 'article/:articleId',
    handle: { static: true, title: 'Article' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/articles/ArticlePage'),
      (m) => m.ArticlePage,
    ),
  },
  {
    path: 'notifications',
    handle: { menuPath: '/notifications', title: 'Notifications' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/notifications/NotificationsPage'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: 'system-notifications',
    handle: { menuPath: '/system-notifications', title: 'System Messages' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/system-notifications/SystemNotificationsPage'),
      (m) => m.SystemNotificationsPage,
    ),
  },
  {
    path: 'feed/import',
    handle: { static: true, title: 'Import from a CSV file' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/feed-import/index'),
      (m) => m.FeedImportPage,
    ),
  },
  ...registeredRoutes,
  ...trainingRequirementsRoutes,
  ...trainingRoutes,
  {
    path: 'settings/:urlTab?',
    handle: { menuPath: '/settings', title: 'Settings' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/settings/index'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: 'product_settings',
    handle: { menuPath: '/product_settings', title: 'Application Settings' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/application-settings/index'),
      (m) => m.ApplicationSettingsPage,
    ),
  },
  {
    path: 'admin/:urlTab?/:id?',
    handle: { menuPath: '/admin', title: 'Broker / AOR Center' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/admin/index'),
      (m) => m.AdminPage,
    ),
  },
  {
    path: 'profile',
    handle: { static: true, title: 'My Profile' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/profile/index'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: 'comply/report-violation',
    handle: { static: true, title: 'Report A Violation' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/reports/index'),
      (m) => m.ReportViolationPage,
    ),
  },
  {
    // MLS staff's screen of the RESO feed (decision 0986): always routed (with the demo off there is no menu list to
    // name it), the user menu links it for level 5, and the screen itself refuses anyone else, as its calls do.
    path: 'feed',
    handle: { static: true, title: 'MLS data feed' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/feed/index'),
      (m) => m.FeedPage,
    ),
  },
  {
    // My citations (issue 30 section 3): every member, from the user menu.
    path: 'citations/:id?',
    handle: { static: true, title: 'My citations' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/citations/index'),
      (m) => m.MyCitationsPage,
    ),
  },
  {
    path: 'cases/:insightId?',
    handle: { static: true, title: 'Member Insights' } satisfies RouteHandle,
    ...lazyPage(
      () => import('../features/cases/index'),
      (m) => m.CasesPage,
    ),
  },
];

/** Paths that exist only for signed-in members: visiting one signed out starts the sign-in. */
export const MEMBER_PATH_PREFIXES = [
  '/settings',
  '/product_settings',
  '/registered',
  '/training',
  '/admin',
  '/citations',
  '/profile',
  '/articles',
  '/article/',
  '/notifications',
  '/system-notifications',
  '/password-change',
  '/comply/report-violation',
  '/account-settings',
  '/aor-messages',
  '/cases',
  '/feed',
];
