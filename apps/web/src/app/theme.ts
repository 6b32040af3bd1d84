import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_THEME, THEMES, type Theme } from '@portico/shared';

export const THEME_STORAGE_KEY = 'portico.theme';

const base: MantineThemeOverride = {
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 4 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // Every toast: a named close button, and body text in the text colour (the default dimmed one is below AA).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
};

export const lightTheme = createTheme(base);

/** High contrast: black and white with yellow focus and links, for AAA contrast. */
export const contrastTheme = createTheme({
  ...base,
  primaryColor: 'yellow',
  primaryShade: 3,
  black: '#000000',
  white: '#ffffff',
  colors: {
    dark: ['#ffffff', '#f1f1f1', '#e0e0e0', '#ffffff', '#3a3a3a', '#000000', '#000000', '#000000', '#000000', '#000000'],
  },
  focusRing: 'always',
});

export function normaliseTheme(value: unknown): Theme | null {
  if (value === 'solar') return 'light';
  return (THEMES as readonly string[]).includes(String(value)) ? (value as Theme) : null;
}

/** Saved locally first; else the system's dark preference; else the stored default (light). */
export function initialTheme(): Theme {
  const saved = normaliseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  if (saved) return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : DEFAULT_THEME;
}
