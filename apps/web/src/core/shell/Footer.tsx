import { Anchor, Box, Group, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconBrandYoutube, IconPhone } from '@tabler/icons-react';
import { FeedbackFooterLink } from './FeedbackTab';
import { FOOTER_VERSION, footerFor } from './footer-config';

const ICONS: Record<string, typeof IconBrandFacebook> = {
  Facebook: IconBrandFacebook,
  Instagram: IconBrandInstagram,
  LinkedIn: IconBrandLinkedin,
  X: IconBrandX,
  YouTube: IconBrandYoutube,
};

/** `signedIn`: the member shell's footer, which carries the Feedback link on narrow screens. */
export function Footer({ originatingSystem, signedIn = false }: { originatingSystem?: string | null; signedIn?: boolean }) {
  const config = footerFor(originatingSystem);
  return (
    <Box component="footer" py="md" px="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" component="nav" aria-label="Social media">
          {config.social.map(({ label, url }) => {
            const Icon = ICONS[label];
            return (
              <Anchor key={label} href={url} target="_blank" rel="noopener noreferrer" aria-label={label} c="dimmed">
                <Icon size={22} aria-hidden />
              </Anchor>
            );
          })}
        </Group>
        <Group gap="xs">
          <IconPhone size={18} aria-hidden />
          <Anchor href={`tel:${config.phone.replace(/\D/g, '')}`} size="sm" data-testid="footer-phone">
            {config.phone}
          </Anchor>
        </Group>
        {signedIn && <FeedbackFooterLink originatingSystem={originatingSystem} />}
        <Text size="sm" c="dimmed">
          Version {FOOTER_VERSION} · Powered by Portico, open-source member portal
        </Text>
      </Group>
    </Box>
  );
}
