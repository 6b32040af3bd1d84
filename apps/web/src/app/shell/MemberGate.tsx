import { lazy, Suspense } from 'react';
import { useAuth } from 'react-oidc-context';
import { useLocation } from 'react-router';
import { LoadingScreen } from '../pages/LoadingScreen';
import { LoginRedirectPage } from '../pages/LoginRedirectPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PublicDashboard } from '../pages/PublicDashboard';
import { MEMBER_PATH_PREFIXES } from '../routes';
import { PublicLayout } from './PublicLayout';

// The signed-in side (member load, header, menus, bells) is its own chunk: visitors never download it.
const SignedInGate = lazy(() => import('./SignedInGate').then((m) => ({ default: m.SignedInGate })));

/** Decides what a path shows: the public screens for visitors, the member shell once the member is loaded. */
export function MemberGate() {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  if (new URLSearchParams(search).get('loginAor')) return <LoginRedirectPage />;
  if (auth.isLoading || (auth.activeNavigator && !auth.isAuthenticated)) return <LoadingScreen />;
  if (!auth.isAuthenticated) {
    if (pathname === '/')
      return (
        <PublicLayout>
          <PublicDashboard />
        </PublicLayout>
      );
    if (MEMBER_PATH_PREFIXES.some((p) => pathname.toLowerCase().startsWith(p))) return <LoginRedirectPage />;
    return (
      <PublicLayout>
        <NotFoundPage />
      </PublicLayout>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInGate />
    </Suspense>
  );
}
