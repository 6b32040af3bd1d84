import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (decision 0940): the identity provider's signing and cookie keys and the authenticator (TOTP)
 * secrets are stored sealed with AES-256-GCM under a key from the environment, as `v1.<key id>.<iv>.<tag>.<data>`.
 * The key id (the first bytes of the key's SHA-256) says which key opens a value, so rows sealed under a previous
 * key (`PORTICO_SECRET_KEY_PREVIOUS`) still open and are re-sealed under the current one when an instance starts.
 * Without `PORTICO_SECRET_KEY` (development and the demo) values are sealed under a fixed development key, which the
 * source publishes: production refuses to start without a key of its own (production.ts).
 */
export const DEVELOPMENT_SECRET_KEY = createHash('sha256').update('portico development secret key - not for production').digest();

export interface SecretKeys {
  current: Buffer;
  currentId: string;
  byId: Map<string, Buffer>;
}

const PREFIX = 'v1.';

export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

/** A key as the environment gives it: 32 bytes as 64 hex digits or in base64 (`openssl rand -base64 32`). */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('PORTICO_SECRET_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)');
  return key;
}

export function secretKeys(current: string | undefined, previous: string[] = []): SecretKeys {
  const currentKey = current ? parseSecretKey(current) : DEVELOPMENT_SECRET_KEY;
  const all = [currentKey, ...previous.map(parseSecretKey), DEVELOPMENT_SECRET_KEY];
  return { current: currentKey, currentId: keyId(currentKey), byId: new Map(all.map((k) => [keyId(k), k])) };
}

let keys = secretKeys(undefined);

/** Sets the keys of this process (buildApp, from the configuration). */
export function useSecretKeys(next: SecretKeys): void {
  keys = next;
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** Whether a stored value is plain or sealed under another key than the current one: re-seal it. */
export function needsReseal(value: string): boolean {
  return !isSealed(value) || value.split('.')[1] !== keys.currentId;
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${keys.currentId}.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
}

/** Opens a sealed value; a plain one (stored before sealing existed, re-sealed on the next start) is answered as it is. */
export function open(stored: string): string {
  if (!isSealed(stored)) return stored;
  const [, id, iv, tag, data] = stored.split('.');
  const key = keys.byId.get(id);
  if (!key)
    throw new Error(`A secret at rest is sealed under key ${id}, which this instance does not have: set PORTICO_SECRET_KEY_PREVIOUS`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export const sealNullable = (plain: string | null): string | null => (plain === null ? null : seal(plain));
export const openNullable = (stored: string | null): string | null => (stored === null ? null : open(stored));
