import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MEDIA, MEDIA_MESSAGES as T } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { AppError } from '../../lib/errors';
import { mediaTokenSecret } from './repository';

interface TokenBody {
  /** Member id. */
  m: number;
  /** Container. */
  c: string;
  /** Expiry, seconds since the epoch. */
  e: number;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Short-lived media tokens (`GET api/app/Token`), HMAC-signed with one key kept in the database so that every
 * instance accepts every other's. They travel in a header on the JSON calls and in the query of image and download
 * links, which a browser loads without the bearer token.
 */
export function mediaTokens() {
  let secret: Buffer | null = null;

  async function key(q: Queryable): Promise<Buffer> {
    if (!secret) {
      secret = Buffer.from(await mediaTokenSecret(q, randomBytes(32).toString('hex')), 'hex');
    }
    return secret;
  }

  const sign = (k: Buffer, body: string) => createHmac('sha256', k).update(body).digest();

  return {
    issue: async (q: Queryable, memberId: number, container: string, now = Date.now()) => {
      const expires = Math.floor(now / 1000) + MEDIA.tokenTtlSeconds;
      const body = b64(JSON.stringify({ m: memberId, c: container, e: expires } satisfies TokenBody));
      return { token: `${body}.${b64(sign(await key(q), body))}`, container, expiresOn: new Date(expires * 1000).toISOString() };
    },
    /** The member id of a valid token for this container; 401 otherwise. */
    verify: async (q: Queryable, token: string | undefined, container: string, now = Date.now()): Promise<number> => {
      const refuse = () => new AppError('UNAUTHENTICATED', T.badToken);
      const [body, mac] = (token ?? '').split('.');
      if (!body || !mac) throw refuse();
      const expected = sign(await key(q), body);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
      let parsed: TokenBody;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenBody;
      } catch {
        throw refuse();
      }
      if (parsed.c !== container || parsed.e * 1000 <= now) throw refuse();
      return parsed.m;
    },
  };
}
