import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../core/pages/LoadingScreen';

/** Receives the sign-in result: success goes to /, an error to /login. */
export function CallbackPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (auth.isLoading) return;
    if (auth.isAuthenticated) navigate('/', { replace: true });
    else navigate('/login', { replace: true });
  }, [auth.isLoading, auth.isAuthenticated, navigate]);
  return <LoadingScreen label="Signing you in" />;
}
