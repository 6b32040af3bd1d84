import { Navigate, useLocation } from 'react-router';
import { MemberProvider, useMemberLoad } from '../../core/member';
import { LoadingScreen } from '../../core/pages/LoadingScreen';
import { PublicLayout } from '../../core/shell/PublicLayout';
import { EulaGate } from '../../features/eula/index';
import { FactorRequiredGate } from '../../features/second-factor-policy/index';
import { NoMemberDataPage } from '../pages/NoMemberDataPage';
import { RoutesFailedPage } from '../pages/RoutesFailedPage';
import { MemberLoadError } from './MemberLoadError';
import { MemberShell } from './MemberShell';

/** A signed-in visit: loads the member and the menu list, then shows the member shell or the page for what failed. */
export function SignedInGate() {
  const { pathname } = useLocation();
  const load = useMemberLoad();
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
      <EulaGate>
        <FactorRequiredGate>
          <MemberShell />
        </FactorRequiredGate>
      </EulaGate>
    </MemberProvider>
  );
}
