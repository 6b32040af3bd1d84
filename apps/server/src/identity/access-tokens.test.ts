import { createPublicKey } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessTokenRefused, embeddedTokenVerifier } from './access-tokens';

const ISSUER = 'https://portico.example/oidc';
const AUDIENCE = 'https://portico.example/api';

type Signer = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let key: { jwk: JWK; privateKey: Signer };
let other: { jwk: JWK; privateKey: Signer };
let retired: { jwk: JWK; privateKey: Signer };
let verify: (token: string) => Record<string, unknown>;

async function rsaKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }, privateKey };
}

function sign(
  options: { claims?: JWTPayload; header?: Record<string, unknown>; signer?: Signer | Uint8Array; expiresIn?: string | number } = {},
) {
  const jwt = new SignJWT({ scope: 'openid', ...options.claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt', ...options.header } as never)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt();
  if (options.expiresIn !== undefined) jwt.setExpirationTime(options.expiresIn);
  if (!options.claims || !('sub' in options.claims)) jwt.setSubject('41');
  return jwt.sign(options.signer ?? key.privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  key = await rsaKey('k1');
  other = await rsaKey('k1');
  retired = await rsaKey('k0');
  verify = embeddedTokenVerifier([key.jwk, retired.jwk], { issuer: ISSUER, audience: AUDIENCE });
});

describe("the embedded provider's access tokens (decision 1191)", () => {
  it('accepts its own RS256 access token and answers its claims', async () => {
    const claims = verify(await sign({ expiresIn: '2h' }));
    expect(claims).toMatchObject({ sub: '41', iss: ISSUER, aud: AUDIENCE, scope: 'openid' });
  });

  it('accepts the media type spelled out in full (RFC 9068)', async () => {
    expect(verify(await sign({ expiresIn: '2h', header: { typ: 'application/at+jwt' } })).sub).toBe('41');
  });

  it('accepts a token of a retired key the provider still publishes (key rotation)', async () => {
    expect(verify(await sign({ expiresIn: '2h', header: { kid: 'k0' }, signer: retired.privateKey })).sub).toBe('41');
  });

  const refusals: Array<[string, () => Promise<string>]> = [
    ['expired', () => sign({ expiresIn: Math.floor(Date.now() / 1000) - 5 })],
    ['without exp', () => sign()],
    ['without sub', () => sign({ expiresIn: '2h', claims: { sub: undefined } })],
    ['not yet valid (nbf)', () => sign({ expiresIn: '2h', claims: { nbf: Math.floor(Date.now() / 1000) + 600 } })],
    [
      'of another issuer',
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
          .setIssuer('https://evil.example')
          .setAudience(AUDIENCE)
          .setSubject('41')
          .setExpirationTime('2h')
          .sign(key.privateKey),
    ],
    [
      'for another audience',
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
          .setIssuer(ISSUER)
          .setAudience('https://elsewhere/api')
          .setSubject('41')
          .setExpirationTime('2h')
          .sign(key.privateKey),
    ],
    ['an ID token (typ JWT)', () => sign({ expiresIn: '2h', header: { typ: 'JWT' } })],
    ['without typ', () => sign({ expiresIn: '2h', header: { typ: undefined } })],
    ['naming a key it does not have', () => sign({ expiresIn: '2h', header: { kid: 'k9' } })],
    ['without a kid', () => sign({ expiresIn: '2h', header: { kid: undefined } })],
    ['signed by another key under the same kid', () => sign({ expiresIn: '2h', signer: other.privateKey })],
    [
      'HS256 with the public key as its secret (algorithm confusion)',
      async () => {
        const pem = createPublicKey({ key: key.jwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
        return sign({ expiresIn: '2h', header: { alg: 'HS256' }, signer: new TextEncoder().encode(String(pem)) });
      },
    ],
    [
      'unsigned (alg none)',
      async () => {
        const header = b64({ alg: 'none', kid: 'k1', typ: 'at+jwt' });
        return `${header}.${b64({ sub: '41', iss: ISSUER, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
      },
    ],
    [
      'whose claims were changed after signing',
      async () => {
        const [header, , signature] = (await sign({ expiresIn: '2h' })).split('.');
        return `${header}.${b64({ sub: '1', iss: ISSUER, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 3600 })}.${signature}`;
      },
    ],
    ['not a JWT at all', async () => 'not.a.token'],
  ];

  it.each(refusals)('refuses a token %s', async (_, make) => {
    const token = await make();
    expect(() => verify(token)).toThrow(AccessTokenRefused);
  });
});
