import { useAuth } from 'react-oidc-context';
import { Navigate, useLocation } from 'react-router';
import { MemberProvider, useMemberLoad } from '../member';
import { LoadingScreen } from '../pages/LoadingScreen';
import { LoginRedirectPage } from '../pages/LoginRedirectPage';
import { NoMemberDataPage } from '../pages/NoMemberDataPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PublicDashboard } from '../pages/PublicDashboard';
import { RoutesFailedPage } from '../pages/RoutesFailedPage';
import { MEMBER_PATH_PREFIXES } from '../routes';
import { MemberLoadError } from './MemberLoadError';
import { MemberShell } from './MemberShell';
import { PublicLayout } from './PublicLayout';

/** Decides what a path shows: the public screens for visitors, the member shell once the member is loaded. */
export function MemberGate() {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const load = useMemberLoad();
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
  if (load.noMemberData)
    return (
      <PublicLayout>
        <NoMemberDataPage />
      </PublicLayout>
    );
  if (load.memberError)
    return (
      <PublicLayout>
        <MemberLoadError error={load.memberError} />
      </PublicLayout>
    );
  if (load.menuError)
    return (
      <PublicLayout>
        <RoutesFailedPage />
      </PublicLayout>
    );
  if (!load.state) return <LoadingScreen />;
  if (pathname === '/login') return <Navigate to="/" replace />;
  return (
    <MemberProvider value={load.state}>
      <MemberShell />
    </MemberProvider>
  );
}
