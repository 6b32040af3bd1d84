import { LOGOUT_DELAY_MS } from '@portico/shared';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { signOut } from '../../core/auth';
import { LoadingScreen } from '../../core/pages/LoadingScreen';

/**
 * Shows a loader, then after 2 seconds signs out through the provider's end_session_endpoint (id token hint and
 * state), which returns to /logged-out. Without a provider session to end it goes there at once.
 */
export function LogoutPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (auth.isLoading) return;
    const timer = window.setTimeout(async () => {
      if (auth.user && (await signOut(auth.user.id_token))) return;
      navigate('/logged-out', { replace: true });
    }, LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [auth, navigate]);
  return <LoadingScreen label="Signing you out" />;
}
