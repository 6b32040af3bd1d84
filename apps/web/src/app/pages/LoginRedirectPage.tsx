import { LOGIN_REDIRECT_DELAY_MS } from '@portico/shared';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate, useSearchParams } from 'react-router';
import { signIn } from '../../core/auth';
import { LoadingScreen } from '../../core/pages/LoadingScreen';

/**
 * The login redirect screen: a loginAor parameter starts the sign-in at once (as an acr value); otherwise after
 * 1.5 seconds it goes to / when signed in, or starts the sign-in redirect.
 */
export function LoginRedirectPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginAor = params.get('loginAor');
  useEffect(() => {
    if (loginAor) {
      void signIn(loginAor);
      return;
    }
    const timer = window.setTimeout(() => {
      if (auth.isAuthenticated) navigate('/', { replace: true });
      else void signIn();
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loginAor, auth.isAuthenticated, navigate]);
  return <LoadingScreen label="Taking you to sign in" />;
}
