import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Theme } from '@portico/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { ApiError } from '../core/api';
import { styleNonce, userManager } from '../core/auth';
import { ThemeContext } from '../core/theme-context';
import { DemoBanner } from '../features/instance';
import { router } from './router';
import { contrastTheme, initialTheme, lightTheme, THEME_STORAGE_KEY } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Colours whose filled shade carries dark text, not white: left as Mantine draws them.
const LIGHT_FILLED = new Set(['yellow', 'lime', 'dark', 'gray']);

/**
 * Contrast fixes of Mantine's defaults (decisions 0950 and earlier): dimmed grey and error red darker on white; light
 * buttons' blue text one shade darker (blue 8 on its tint was 4.39:1); in dark, filled colours (buttons, badges,
 * the bells' counts) on shade 8 so white text keeps AA (shade 4 gave 2.3 to 2.5:1), error text on red 4. The high-contrast
 * theme keeps its own.
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const darkFilled: Record<string, string> = {};
  if (theme.primaryColor === 'blue')
    for (const color of Object.keys(theme.colors).filter((c) => !LIGHT_FILLED.has(c))) {
      darkFilled[`--mantine-color-${color}-filled`] = `var(--mantine-color-${color}-8)`;
      darkFilled[`--mantine-color-${color}-filled-hover`] = `var(--mantine-color-${color}-9)`;
    }
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-8)',
      '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    },
    // Error text (field errors) on red 4 in dark: Mantine's red 8 was 3:1 on an input (#2e2e2e) and 3.4:1 on the body.
    dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)', ...darkFilled },
  };
};

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
        getStyleNonce={styleNonce}
      >
        {/* Bottom left: clear of the header's bells and menus and of the drawers, which open on the right (decision 0952). */}
        <Notifications position="bottom-left" zIndex={4000} />
        <QueryClientProvider client={queryClient}>
          <DemoBanner />
          <AuthProvider
            userManager={userManager()}
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
