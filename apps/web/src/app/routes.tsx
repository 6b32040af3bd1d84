import type { RouteObject } from 'react-router';
import { registeredRoutes } from '../features/registered/index';

/**
 * The signed-in screens of the seeds. `menuPath` names the server menu entry that makes a screen available
 * (seed 000 section 2: routes come from the menu list matched against these paths); `static` screens are
 * always available. A feature adds its screens here.
 */
export interface RouteHandle {
  menuPath?: string;
  static?: boolean;
  title?: string;
}

export const featureRoutes: RouteObject[] = [
  {
    index: true,
    handle: { static: true, title: 'Dashboard' } satisfies RouteHandle,
    lazy: () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'password-change',
    handle: { static: true, title: 'Change Password' } satisfies RouteHandle,
    lazy: () => import('../features/account/PasswordChangePage').then((m) => ({ Component: m.PasswordChangePage })),
  },
  {
    path: 'articles',
    handle: { menuPath: '/articles/', title: 'Articles' } satisfies RouteHandle,
    lazy: () => import('../features/articles/ArticlesPage').then((m) => ({ Component: m.ArticlesPage })),
  },
  {
    path: 'article/:articleId',
    handle: { static: true, title: 'Article' } satisfies RouteHandle,
    lazy: () => import('../features/articles/ArticlePage').then((m) => ({ Component: m.ArticlePage })),
  },
  {
    path: 'notifications',
    handle: { menuPath: '/notifications', title: 'Notifications' } satisfies RouteHandle,
    lazy: () => import('../features/notifications/NotificationsPage').then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: 'system-notifications',
    handle: { menuPath: '/system-notifications', title: 'System Messages' } satisfies RouteHandle,
    lazy: () => import('../features/system-notifications/SystemNotificationsPage').then((m) => ({ Component: m.SystemNotificationsPage })),
  },
  ...registeredRoutes,
  {
    path: 'settings/:urlTab?',
    handle: { menuPath: '/settings', title: 'Settings' } satisfies RouteHandle,
    lazy: () => import('../features/settings/index').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'product_settings',
    handle: { menuPath: '/product_settings', title: 'Application Settings' } satisfies RouteHandle,
    lazy: () => import('../features/application-settings/index').then((m) => ({ Component: m.ApplicationSettingsPage })),
  },
  {
    path: 'profile',
    handle: { static: true, title: 'My Profile' } satisfies RouteHandle,
    lazy: () => import('../features/profile/index').then((m) => ({ Component: m.ProfilePage })),
  },
];

/** Paths that exist only for signed-in members: visiting one signed out starts the sign-in. */
export const MEMBER_PATH_PREFIXES = [
  '/settings',
  '/product_settings',
  '/registered',
  '/training',
  '/admin',
  '/profile',
  '/articles',
  '/article/',
  '/notifications',
  '/system-notifications',
  '/password-change',
  '/comply/report-violation',
  '/account-settings',
  '/aor-messages',
];
