import { Typography } from '@mantine/core';

/**
 * Renders HTML that the server sanitised when it was written (articles, notification bodies, system
 * messages). Never pass HTML here that did not come from those server fields.
 */
export function SafeHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises this HTML on write (docs/decisions/0100). */}
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
