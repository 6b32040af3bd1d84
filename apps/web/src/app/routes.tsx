import type { RouteObject } from 'react-router';

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
];

/** Paths that exist only for signed-in members: visiting one signed out starts the sign-in. */
export const MEMBER_PATH_PREFIXES = [
  '/settings', '/product_settings', '/registered', '/training', '/admin', '/profile', '/articles', '/article/',
  '/notifications', '/system-notifications', '/password-change', '/comply/report-violation', '/account-settings', '/aor-messages',
];
