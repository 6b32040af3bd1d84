import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isImageFile, MEDIA } from '@portico/shared';
import type { Db, Queryable } from '../db/index';

/**
 * Signed, expiring addresses of uploaded files (decision 0821, "What members load"): `/files/articles/{aorId}/{path}`
 * plus `?sig={expires}.{hmac}`. An image element or a link carries no bearer token, so a file that is not published
 * (a document, an image of an article not live) reaches members' browsers this way. The key is the media manager's
 * one database row (`media_token_keys`), so every instance signs and accepts alike; the message is prefixed so that
 * a link signature is never a media token's.
 */
const ADDRESS = /(https?:\/\/[^/\s"'<>]+)?\/files\/articles\/(\d{1,9})((?:\/[^/\s"'<>?#]+)+)(\?sig=\d+\.[\w-]+)?/g;

const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(q: Queryable): Promise<Buffer> {
  await q.query('INSERT INTO media_token_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('hex')]);
  const row = await q.one<{ secret: string }>('SELECT secret FROM media_token_keys WHERE id = 1');
  return Buffer.from(row!.secret, 'hex');
}

/** The path inside the container as the file route reads it: decoded segments, no empty ones; null when not decodable. */
function decodedPath(encoded: string): string | null {
  try {
    return `/${encoded
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s))
      .join('/')}`;
  } catch {
    return null;
  }
}

/** The address with any signature taken off: what is stored (article bodies and carousel images keep stable addresses). */
export const stripFileSignatures = (text: string) =>
  text.replace(ADDRESS, (_m, origin = '', id, path) => `${origin}${MEDIA.publicPrefix}/articles/${id}${path}`);

export interface FileLinks {
  /** Signs every file address in the text; with `imagesArePublic`, images are left as they are (a live article's). */
  sign(text: string, options?: { imagesArePublic?: boolean }): string;
  /** Whether `sig` is a valid, unexpired signature of this file. */
  verify(container: string, path: string, sig: string | undefined): boolean;
}

export async function fileLinks(db: Db, now = Date.now): Promise<FileLinks> {
  let pending = keys.get(db);
  if (!pending) {
    pending = loadKey(db);
    keys.set(db, pending);
    pending.catch(() => keys.delete(db));
  }
  const key = await pending;
  const mac = (container: string, path: string, expires: number) =>
    createHmac('sha256', key).update(`file-link\n${container}\n${path}\n${expires}`).digest();
  return {
    sign(text, options = {}) {
      const hour = MEDIA.signedLinkSeconds;
      // Stable for the hour, so browsers reuse what they loaded: expires at the end of the next hour.
      const expires = (Math.floor(now() / 1000 / hour) + 2) * hour;
      return text.replace(ADDRESS, (_m, origin = '', id: string, encoded: string) => {
        const address = `${origin}${MEDIA.publicPrefix}/articles/${id}${encoded}`;
        const path = decodedPath(encoded);
        if (!path || (options.imagesArePublic && isImageFile(path))) return address;
        return `${address}?sig=${expires}.${mac(`articles/${id}`, path, expires).toString('base64url')}`;
      });
    },
    verify(container, path, sig) {
      const [expires, signature] = (sig ?? '').split('.');
      if (!expires || !signature || !/^\d+$/.test(expires) || Number(expires) * 1000 <= now()) return false;
      const expected = mac(container, path, Number(expires));
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
