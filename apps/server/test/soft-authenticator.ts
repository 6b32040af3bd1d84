import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator built on node:crypto (ES256, "none" attestation), so the tests run the real
 * @simplewebauthn/server verification against real signatures. Each instance holds one credential.
 */

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
interface CborMap extends Map<Cbor, Cbor> {}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The CBOR this needs: integers, text, byte strings and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle = '';
  counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers registration options (navigator.credentials.create), as @simplewebauthn/browser would post it. */
  create(options: CeremonyOptions, overrides: { origin?: string; rpId?: string } = {}) {
    this.userHandle = options.user?.id ?? '';
    const cose = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      cbor(cose),
    ]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** Answers authentication options (navigator.credentials.get): signs with the counter moved on by one. */
  get(options: CeremonyOptions, overrides: { origin?: string; keepCounter?: boolean } = {}) {
    if (!overrides.keepCounter) this.counter++;
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), counterBytes(this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
