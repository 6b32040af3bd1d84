import type { Theme } from '@portico/shared';
import { createContext, useContext } from 'react';

export interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

export const ThemeContext = createContext<ThemeState>({ theme: 'light', setTheme: () => undefined });

export const useTheme = () => useContext(ThemeContext);
