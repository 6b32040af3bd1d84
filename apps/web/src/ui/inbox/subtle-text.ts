/** Secondary text that keeps WCAG AA contrast in light and dark (Mantine's `dimmed` gray is 3.3:1 on white). */
export const SUBTLE_TEXT = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

/** Warning and delete text that keeps AA in light (red 8) and dark (red 3): red 8 alone is 3:1 on the dark body. */
export const DANGER_TEXT = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-3))';
