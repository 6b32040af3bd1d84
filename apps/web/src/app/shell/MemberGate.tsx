import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';
import type { LazyPageComponent } from '../../core/lazy-page';
import { loadedModule, useLoadedModule } from '../../core/loaded-module';
import { prefetchMember } from '../../core/member-queries';
import { LoadingScreen } from '../../core/pages/LoadingScreen';
import { NotFoundPage } from '../../core/pages/NotFoundPage';
import { PublicLayout } from '../../core/shell/PublicLayout';
import { eulaExpiredQuery } from '../../features/eula/index';
import { LoginRedirectPage } from '../pages/LoginRedirectPage';
import { PublicDashboard } from '../pages/PublicDashboard';
import { featureRoutes, MEMBER_PATH_PREFIXES } from '../routes';

// The signed-in side (member load, header, menus, bells) is its own chunk: visitors never download it.
const gate = loadedModule(() => import('./SignedInGate'));

/**
 * Once signed in, fetch the shell's code and the opened screen's at the same time: the screen would otherwise wait
 * for the shell, then for the member (decision 0992). The member's and the screen's first calls start beside them.
 */
function usePreloadSignedIn(signedIn: boolean, pathname: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    void gate.load().catch(() => undefined);
    // The member's calls and the EULA check start now too, not once the shell's code has run (decision 0995).
    prefetchMember(client);
    void client.prefetchQuery(eulaExpiredQuery);
    const page = matchRoutes<RouteObject>([{ path: '/', children: featureRoutes }], pathname)?.at(-1)?.route.Component;
    (page as Partial<LazyPageComponent> | undefined)?.preload?.(client);
  }, [signedIn, pathname, client]);
}

/** Decides what a path shows: the public screens for visitors, the member shell once the member is loaded. */
export function MemberGate() {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  usePreloadSignedIn(auth.isAuthenticated, pathname);
  const signedIn = useLoadedModule(gate, auth.isAuthenticated);
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
  return signedIn ? <signedIn.SignedInGate /> : <LoadingScreen />;
}
