import { APP_VERSION } from '@portico/shared';

export interface FooterConfig {
  phone: string;
  social: Array<{ label: string; url: string }>;
}

const DEFAULT_FOOTER: FooterConfig = {
  phone: '(800) 925-1525',
  social: [
    { label: 'Facebook', url: 'https://www.facebook.com/' },
    { label: 'Instagram', url: 'https://www.instagram.com/' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/' },
    { label: 'X', url: 'https://x.com/' },
    { label: 'YouTube', url: 'https://www.youtube.com/' },
  ],
};

const SWLAR_FOOTER: FooterConfig = {
  phone: '(888) 567-4967',
  social: [
    { label: 'Facebook', url: 'https://www.facebook.com/' },
    { label: 'YouTube', url: 'https://www.youtube.com/' },
  ],
};

/** Footer social links and phone per originating system: SWLAR has its own, every other system the default. */
export function footerFor(originatingSystem: string | null | undefined): FooterConfig {
  return (originatingSystem ?? '').toUpperCase() === 'SWLAR' ? SWLAR_FOOTER : DEFAULT_FOOTER;
}

export const FOOTER_VERSION = APP_VERSION;
