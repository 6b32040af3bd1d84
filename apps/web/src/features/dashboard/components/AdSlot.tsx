import { Box, Image } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdImpression, type AdProvider, type AdTag, MOBILE_AD_MAX_WIDTH_PX } from '@portico/shared';
import { AdFrame } from '../../../ui/AdFrame';
import billboardUrl from '../assets/billboard.svg';
import billboardMobileUrl from '../assets/billboard-mobile.svg';
import spotlightUrl from '../assets/spotlight.svg';

/** Built-in static image ads: used when the ad call fails, and for the billboard at 480 px or less. */
const STATIC_ADS: Record<AdTag, { src: string; alt: string }> = {
  'dashboard-billboard': { src: billboardUrl, alt: 'Your MLS, one login away: training, forms and market data for every member.' },
  'spotlight-ad': { src: spotlightUrl, alt: 'Member benefits: discounts from partners of your association.' },
  'carousel-ad': { src: spotlightUrl, alt: 'Member benefits: discounts from partners of your association.' },
  'article-ad': { src: spotlightUrl, alt: 'Member benefits: discounts from partners of your association.' },
};
const HEIGHT: Record<AdTag, number> = { 'dashboard-billboard': 200, 'spotlight-ad': 160, 'carousel-ad': 160, 'article-ad': 160 };

export function pickImpression(providers: AdProvider[] | undefined, tag: AdTag): { provider: AdProvider; impression: AdImpression } | null {
  for (const provider of providers ?? []) {
    if (!provider.isEnabled) continue;
    const impression = provider.impressions.find((i) => i.isEnabled && i.tagName === tag);
    if (impression) return { provider, impression };
  }
  return null;
}

/**
 * One ad. A provider's template is third-party HTML: it is rendered only inside a sandboxed frame (ui/AdFrame), so
 * it can neither read nor change the portal's page, storage or cookies. When the ad call failed the built-in static image shows; at 480 px or less the billboard gives way
 * to its mobile image.
 */
export function AdSlot({ tag, providers, failed }: { tag: AdTag; providers: AdProvider[] | undefined; failed: boolean }) {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_AD_MAX_WIDTH_PX}px)`);
  const chosen = failed ? null : pickImpression(providers, tag);
  if (isMobile && tag === 'dashboard-billboard') {
    return <Image src={billboardMobileUrl} alt={STATIC_ADS[tag].alt} radius="md" data-testid={`ad-${tag}-mobile`} />;
  }
  if (!chosen) {
    if (!failed) return null;
    return <Image src={STATIC_ADS[tag].src} alt={STATIC_ADS[tag].alt} radius="md" data-testid={`ad-${tag}-static`} />;
  }
  return (
    <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <AdFrame
        title={`Advertisement from ${chosen.provider.providerName}`}
        template={chosen.impression.template}
        style={{ width: '100%', height: HEIGHT[tag], border: 0, display: 'block' }}
        testId={`ad-${tag}`}
      />
    </Box>
  );
}
