import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): where tables fold a column under another (decisions 1035, 1057). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Whether the screen is a phone's. A component renders its folded value only then, never twice with one hidden by CSS:
 * a value in the page once is what screen readers and the journeys' locators meet.
 */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
