import { Box, Image } from '@mantine/core';
import { ASSOCIATION_CODES, LOGO_FALLBACK_MS } from '@portico/shared';
import { useEffect, useState } from 'react';

export const LAST_AOR_KEY = 'portico.lastAor';

export function associationFromCode(code: string | null | undefined): string | null {
  const upper = (code ?? '').toUpperCase();
  return (ASSOCIATION_CODES as readonly string[]).includes(upper) ? upper : null;
}

/**
 * The association's logo when one is known (the login path, else the profile's association), otherwise the
 * product logo after 1 second.
 */
export function Logo({ association, height = 40 }: { association?: string | null; height?: number }) {
  const code = associationFromCode(association) ?? associationFromCode(window.localStorage.getItem(LAST_AOR_KEY));
  const [showDefault, setShowDefault] = useState(false);
  useEffect(() => {
    if (code) return;
    const timer = window.setTimeout(() => setShowDefault(true), LOGO_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [code]);
  if (code) return <Image src={`/logos/${code}.svg`} alt={`${code} association logo`} h={height} w="auto" maw="100%" fit="contain" />;
  if (!showDefault) return <Box h={height} w={height * 3} maw="100%" aria-hidden />;
  return <Image src="/logos/portico.svg" alt="Portico" h={height} w="auto" maw="100%" fit="contain" />;
}
