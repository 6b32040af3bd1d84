import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Theme } from '@portico/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { DemoBanner } from '../features/instance';
import { ApiError } from './api';
import { userManager } from './auth';
import { router } from './router';
import { contrastTheme, initialTheme, lightTheme, THEME_STORAGE_KEY } from './theme';
import { ThemeContext } from './theme-context';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Mantine's default dimmed grey and error red miss WCAG AA on white; darker shades keep them readable.
const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Filled blue (buttons) keeps white text at AA on the dark theme: blue 8 (4.6:1), not the text shade 4 (2.5:1).
    ...(theme.primaryColor === 'blue' && {
      '--mantine-color-blue-filled': 'var(--mantine-color-blue-8)',
      '--mantine-color-blue-filled-hover': 'var(--mantine-color-blue-9)',
    }),
  },
});

export function App() {
  const [theme, setThemeState] = useState<Theme>(initialTheme);
  const themeState = useMemo(
    () => ({
      theme,
      setTheme(next: Theme) {
        window.localStorage.setItem(THEME_STORAGE_KEY, next);
        setThemeState(next);
      },
    }),
    [theme],
  );
  return (
    <ThemeContext.Provider value={themeState}>
      <MantineProvider
        theme={theme === 'contrast' ? contrastTheme : lightTheme}
        forceColorScheme={theme === 'light' ? 'light' : 'dark'}
        cssVariablesResolver={cssVariablesResolver}
      >
        <Notifications position="top-right" zIndex={4000} />
        <QueryClientProvider client={queryClient}>
          <DemoBanner />
          <AuthProvider
            userManager={userManager}
            onSigninCallback={() => {
              window.history.replaceState({}, document.title, '/callback');
            }}
          >
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </ThemeContext.Provider>
  );
}
