import { Box, Text } from '@mantine/core';
import type { ArticleImpression } from '@portico/shared';
import { SUBTLE_TEXT } from '../../ui/inbox/subtle-text';

/**
 * The optional article ad. Its template is third-party HTML: it runs only inside a sandboxed frame with
 * scripts but no same-origin access, so it can never reach the portal's page, cookies or tokens.
 */
export function ArticleAd({ impressions }: { impressions: ArticleImpression[] }) {
  const ad = impressions.find((i) => i.tagName === 'article-ad' && i.isEnabled);
  if (!ad) return null;
  return (
    <Box component="aside" aria-label="Advertisement" mt="xl">
      <Text size="xs" c={SUBTLE_TEXT} mb={4}>
        Advertisement
      </Text>
      <iframe
        title="Advertisement"
        sandbox={ad.isScript ? 'allow-scripts allow-popups allow-popups-to-escape-sandbox' : ''}
        srcDoc={ad.template}
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: 120, border: 0 }}
        data-testid="article-ad"
      />
    </Box>
  );
}
