import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { EULA_DECLINED_REASON, EULA_MESSAGES, LOGGED_OUT_COUNTDOWN_S, LOGGED_OUT_SIGNED_IN_CHECK_MS, MESSAGES } from '@portico/shared';
import { useEffect, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link, useLocation, useNavigate } from 'react-router';
import { userManager } from '../../core/auth';

/** Says the member has securely logged out, then returns to the dashboard after a 15 second countdown. */
export function LoggedOutPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [seconds, setSeconds] = useState(LOGGED_OUT_COUNTDOWN_S);
  // Why the member was signed out, when it was not their own choice of Logout (a declined EULA): from the state the
  // provider returned, or from the portal itself when there was no provider session to end.
  const [reason, setReason] = useState<string | undefined>(() => (location.state as { reason?: string } | null)?.reason);
  useEffect(() => {
    // Back from the provider's end_session_endpoint: check the state it returned and drop the stored one.
    if (new URLSearchParams(window.location.search).has('state')) {
      void userManager()
        .signoutRedirectCallback()
        .then((response) => setReason((response.userState as { reason?: string } | undefined)?.reason))
        .catch(() => undefined)
        .finally(() => window.history.replaceState({}, document.title, '/logged-out'));
    }
  }, []);
  useEffect(() => {
    const check = window.setTimeout(() => {
      if (auth.isAuthenticated) navigate('/', { replace: true });
    }, LOGGED_OUT_SIGNED_IN_CHECK_MS);
    return () => window.clearTimeout(check);
  }, [auth.isAuthenticated, navigate]);
  useEffect(() => {
    if (seconds <= 0) {
      navigate('/', { replace: true });
      return;
    }
    const tick = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [seconds, navigate]);
  return (
    <Stack align="center" py={64} gap="md" ta="center">
      <Title order={1}>{MESSAGES.loggedOut}</Title>
      {reason === EULA_DECLINED_REASON && (
        <Alert color="yellow" title={EULA_MESSAGES.declinedTitle} role="status" ta="left" maw={560}>
          {EULA_MESSAGES.declined}
        </Alert>
      )}
      <Text c="dimmed" aria-live="polite">
        You will be taken to the dashboard in {seconds} {seconds === 1 ? 'second' : 'seconds'}.
      </Text>
      <Button component={Link} to="/" variant="outline">
        Go to the dashboard now
      </Button>
    </Stack>
  );
}
