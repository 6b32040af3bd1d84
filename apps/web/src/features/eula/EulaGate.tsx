import type { ReactNode } from 'react';
import { LoadingScreen } from '../../core/pages/LoadingScreen';
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
  if (expired.isLoading) return <LoadingScreen />;
  if (expired.data)
    return (
      <PublicLayout>
        <EulaAcceptance />
      </PublicLayout>
    );
  return <>{children}</>;
}
