import { createPublicKey } from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import type { JWK } from 'jose';

type Claims = Record<string, unknown>;

/** What the embedded provider's access tokens say they are (RFC 9068), with or without the media type's prefix. */
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt']);

export class AccessTokenRefused extends Error {}

/**
 * The check of the embedded provider's own access tokens (decision 1191): RS256 only, by the key the token names
 * (`kid`), its issuer and audience, `exp` and `sub` required, `exp` and `nbf` against the clock, and `typ` at+jwt (an
 * ID token or a logout token is no access token). Synchronous, on Node's own crypto: jose checks the signature
 * through WebCrypto, with its argument checks and a thread-pool round trip, 74-94 µs of CPU a token against 49-50 µs
 * here, on every first call of a token. An external provider's tokens keep jose (plugins/auth.ts). Throws
 * `AccessTokenRefused` for any token it does not accept, without saying why (the caller answers 401 alike).
 */
export function embeddedTokenVerifier(keys: JWK[], expected: { issuer: string; audience: string }): (token: string) => Claims {
  const byKid = new Map(
    keys
      .filter((key) => key.kty === 'RSA' && typeof key.kid === 'string')
      .map((key) => {
        const pem = createPublicKey({ key: { kty: key.kty, n: key.n, e: key.e }, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
        const verify = createVerifier({
          key: String(pem),
          algorithms: ['RS256'],
          allowedIss: expected.issuer,
          allowedAud: expected.audience,
          requiredClaims: ['exp', 'sub'],
          complete: true,
        });
        return [key.kid as string, verify] as const;
      }),
  );
  return (token) => {
    try {
      const kid = unverifiedKid(token);
      const verify = kid === undefined ? undefined : byKid.get(kid);
      if (!verify) throw new AccessTokenRefused('unknown key');
      // The type is read from the header the signature covers, as the verifier answers it.
      const { header, payload } = verify(token) as { header: { typ?: unknown }; payload: Claims };
      if (typeof header.typ !== 'string' || !ACCESS_TOKEN_TYPES.has(header.typ.toLowerCase()))
        throw new AccessTokenRefused('not an access token');
      return payload;
    } catch (error) {
      throw error instanceof AccessTokenRefused ? error : new AccessTokenRefused('refused');
    }
  };
}

/** The key a token names, read before its signature is checked, only to choose the verifier; its payload is not decoded. */
function unverifiedKid(token: string): string | undefined {
  const header = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8')) as unknown;
  const kid = header !== null && typeof header === 'object' ? (header as { kid?: unknown }).kid : undefined;
  return typeof kid === 'string' ? kid : undefined;
}
