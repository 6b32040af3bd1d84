import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { authConfig } from '../core/auth';
import { NotFoundPage } from '../core/pages/NotFoundPage';
import { PublicLayout } from '../core/shell/PublicLayout';
import { CallbackPage } from './pages/CallbackPage';
import { LoggedOutPage } from './pages/LoggedOutPage';
import { LoginRedirectPage } from './pages/LoginRedirectPage';
import { LogoutPage } from './pages/LogoutPage';
import { PublicDashboard } from './pages/PublicDashboard';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { featureRoutes, type RouteHandle } from './routes';
import { MemberGate } from './shell/MemberGate';

const ownsCredentials = authConfig().portalOwnsCredentials;
const memberRoutes = featureRoutes.filter((r) => ownsCredentials || !(r.handle as RouteHandle | undefined)?.managesCredentials);
/** Forgot and reset password: Portico's own credentials only (decision 0910). */
const passwordRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    lazy: () => import('../features/account/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: '/password-reset/:resetToken?',
    lazy: () => import('../features/account/PasswordResetPage').then((m) => ({ Component: m.PasswordResetPage })),
  },
];

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/callback', element: <CallbackPage /> },
      { path: '/logout', element: <LogoutPage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/logged-out', element: <LoggedOutPage /> },
          { path: '/login', element: <LoginRedirectPage /> },
          { path: '/login/:association', element: <PublicDashboard /> },
          ...(ownsCredentials ? passwordRoutes : []),
        ],
      },
      { path: '/aor-messages/*', element: <Navigate to="/admin" replace /> },
      {
        path: '/',
        element: <MemberGate />,
        children: [...memberRoutes, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
]);
