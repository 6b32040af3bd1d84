import { Box, Text } from '@mantine/core';
import type { ArticleImpression } from '@portico/shared';
import { AdFrame } from '../../ui/AdFrame';
import { SUBTLE_TEXT } from '../../ui/inbox/subtle-text';

/** The optional article ad: third-party HTML, rendered only inside a sandboxed frame (ui/AdFrame). */
export function ArticleAd({ impressions }: { impressions: ArticleImpression[] }) {
  const ad = impressions.find((i) => i.tagName === 'article-ad' && i.isEnabled);
  if (!ad) return null;
  return (
    <Box component="aside" aria-label="Advertisement" mt="xl">
      <Text size="xs" c={SUBTLE_TEXT} mb={4}>
        Advertisement
      </Text>
      <AdFrame title="Advertisement" template={ad.template} style={{ width: '100%', height: 120, border: 0 }} testId="article-ad" />
    </Box>
  );
}
