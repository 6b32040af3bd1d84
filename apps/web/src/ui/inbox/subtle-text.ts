/** Secondary text that keeps WCAG AA contrast in light and dark (Mantine's `dimmed` gray is 3.3:1 on white). */
export const SUBTLE_TEXT = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';
