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
    // Alert titles in the text colour: the status colour's light shade is below AA on its tinted background
    // (teal, yellow, green; decision 0950). The colour stays on the icon and the border.
    // Not on a filled alert, whose title stays the filled colour's own contrast text.
    Alert: {
      styles: (_theme: unknown, props: { variant?: string }) =>
        props.variant === 'filled' ? {} : { title: { color: 'var(--mantine-color-text)' } },
    },
    // Every modal and drawer: a named close button, and a plain header box, not a <header> (a second banner
    // landmark for axe's landmark-no-duplicate-banner and landmark-unique; decision 0950).
    ModalCloseButton: { defaultProps: { 'aria-label': 'Close dialog' } },
    DrawerCloseButton: { defaultProps: { 'aria-label': 'Close dialog' } },
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Every select's and type-ahead's list is drawn when it opens, not kept hidden from the start: a kept list is
    // positioned (a forced style and layout pass) as the screen mounts, about 30 of them on Member Settings
    // (decision 1172). Closed, the input names no list (`aria-controls` only while open), so nothing points at it.
    Combobox: { defaultProps: { keepMounted: false } },
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
  // Text on filled colours turns black where the colour is light (yellow 3, shade 3 of every colour here): white on
  // them was 1.3 to 2.3:1 (decision 0950). Not in light and dark, where it chose black on teal 8 (4.19:1).
  autoContrast: true,
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
