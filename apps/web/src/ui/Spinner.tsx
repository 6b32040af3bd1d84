import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that screen readers announce by its label. Mantine's Loader is a `<span>`, and a span may carry an
 * `aria-label` only with a role (axe `aria-prohibited-attr`), so the label always comes with `role="status"`.
 */
export function Spinner({ label, ...props }: Omit<LoaderProps, 'role' | 'aria-label'> & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}
