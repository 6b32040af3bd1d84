import { randomBytes } from 'node:crypto';
import type { AuthConfig } from '@portico/shared';

/** Where the page runs as a frame of itself: the silent renew callback, inside the portal's own hidden iframe. */
export const FRAMED_SHELL_PATHS = ['/silent_renew'];

/**
 * The portal page's policy (decision 0912). Scripts only from the portal's own files (the shell has no inline
 * script; its settings travel in a JSON data block, which never runs). Style elements from its files or carrying
 * this answer's nonce (Mantine's theme variables); style attributes stay allowed, since sanitized article HTML and
 * the rich-text editor write them. Fetches and frames: the portal, and the sign-in provider's origins only. Images
 * also from `imageOrigins`: the MLS's listing photos when the feed reads its Media resource (decision 0986).
 */
export function shellCsp(nonce: string, providerOrigins: string[], framable: boolean, imageOrigins: string[] = []): string {
  const provider = providerOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: ${imageOrigins.join(' ')}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${provider}`.trim(),
    `frame-src 'self' blob: ${provider}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framable ? "'self'" : "'none'"}`,
  ].join('; ');
}

export const newNonce = () => randomBytes(16).toString('base64');

/** JSON that can sit inside a script element: no `</script>`, no comment openers. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The built index.html with this answer's style nonce (read by the app from the `csp-nonce` meta, as Vite names it)
 * and the sign-in settings (read before the app starts, so one built bundle serves any provider).
 */
export function shellHtml(indexHtml: string, nonce: string, authConfig: AuthConfig): string {
  const head = `<meta property="csp-nonce" nonce="${nonce}"><script id="portico-auth-config" type="application/json">${scriptSafeJson(authConfig)}</script>`;
  return indexHtml.replace('</head>', `${head}</head>`);
}
