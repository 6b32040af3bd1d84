import { LOGOUT_DELAY_MS } from '@portico/shared';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { LoadingScreen } from './LoadingScreen';

/** Shows a loader, then after 2 seconds signs out through the provider with an id-token hint. */
export function LogoutPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (auth.isLoading) return;
    const timer = window.setTimeout(() => {
      if (auth.user) void auth.signoutRedirect({ id_token_hint: auth.user.id_token });
      else navigate('/logged-out', { replace: true });
    }, LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [auth, navigate]);
  return <LoadingScreen label="Signing you out" />;
}
