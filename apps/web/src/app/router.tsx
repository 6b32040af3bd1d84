import { createBrowserRouter, Navigate } from 'react-router';
import { CallbackPage } from './pages/CallbackPage';
import { LoggedOutPage } from './pages/LoggedOutPage';
import { LoginRedirectPage } from './pages/LoginRedirectPage';
import { LogoutPage } from './pages/LogoutPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PublicDashboard } from './pages/PublicDashboard';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { featureRoutes } from './routes';
import { MemberGate } from './shell/MemberGate';
import { PublicLayout } from './shell/PublicLayout';

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
          {
            path: '/forgot-password',
            lazy: () => import('../features/account/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: '/password-reset/:resetToken?',
            lazy: () => import('../features/account/PasswordResetPage').then((m) => ({ Component: m.PasswordResetPage })),
          },
        ],
      },
      { path: '/aor-messages/*', element: <Navigate to="/admin" replace /> },
      {
        path: '/',
        element: <MemberGate />,
        children: [...featureRoutes, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
]);
