import { Button, Stack, Text, Title } from '@mantine/core';
import { LOGGED_OUT_COUNTDOWN_S, LOGGED_OUT_SIGNED_IN_CHECK_MS, MESSAGES } from '@portico/shared';
import { useEffect, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link, useNavigate } from 'react-router';
import { userManager } from '../../core/auth';

/** Says the member has securely logged out, then returns to the dashboard after a 15 second countdown. */
export function LoggedOutPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(LOGGED_OUT_COUNTDOWN_S);
  useEffect(() => {
    // Back from the provider's end_session_endpoint: check the state it returned and drop the stored one.
    if (new URLSearchParams(window.location.search).has('state')) {
      void userManager()
        .signoutRedirectCallback()
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
      <Text c="dimmed" aria-live="polite">
        You will be taken to the dashboard in {seconds} {seconds === 1 ? 'second' : 'seconds'}.
      </Text>
      <Button component={Link} to="/" variant="outline">
        Go to the dashboard now
      </Button>
    </Stack>
  );
}
