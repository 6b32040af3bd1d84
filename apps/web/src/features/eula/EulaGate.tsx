import { type ReactNode, useEffect } from 'react';
import { useMember } from '../../core/member';
import { LoadingScreen } from '../../core/pages/LoadingScreen';
import { LAST_AOR_KEY } from '../../core/shell/Logo';
import { PublicLayout } from '../../core/shell/PublicLayout';
import { useEulaExpired } from './api';
import { EulaAcceptance } from './EulaAcceptance';

/**
 * Shows the agreement before anything else while the claims say it is expired (the member has not accepted the
 * current version); the member's screens once they have. When the claims cannot be read the portal opens: the
 * agreement is asked for again at the next visit.
 */
export function EulaGate({ children }: { children: ReactNode }) {
  const expired = useEulaExpired();
  // The association's logo at once: without it the header stayed blank for a second, then showed the product's.
  const { viewer, authMember } = useMember();
  const association = authMember.aor?.shortName ?? viewer.aorShortName;
  // Remembered as the shell does, so the signed-out page after Decline shows the same logo.
  useEffect(() => {
    if (association) window.localStorage.setItem(LAST_AOR_KEY, association);
  }, [association]);
  if (expired.isLoading) return <LoadingScreen />;
  if (expired.data)
    return (
      <PublicLayout association={association}>
        <EulaAcceptance />
      </PublicLayout>
    );
  return <>{children}</>;
}
