import { lazy, type ReactNode, Suspense } from 'react';
import { LoadingScreen } from '../../../core/pages/LoadingScreen';
import { useFactorRequired } from '../api';

// The screen (and the second-factor screens it holds) loads only for a member who must add a factor.
const FactorRequiredScreen = lazy(() => import('./FactorRequiredScreen').then((m) => ({ default: m.FactorRequiredScreen })));

/**
 * The required step of the MLS's second-factor policy (issue 32 §3, decision 1122): while the claims say a factor must
 * be added, the member adds one before anything else (the API refuses other calls meanwhile), then saves recovery
 * codes if they like and goes on. When the claims cannot be read the portal opens, as the EULA's gate does.
 */
export function FactorRequiredGate({ children }: { children: ReactNode }) {
  const required = useFactorRequired();
  if (required.isLoading) return <LoadingScreen />;
  if (!required.data?.required) return <>{children}</>;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <FactorRequiredScreen byStaff={required.data.requiredBy === 'staff'} />
    </Suspense>
  );
}
