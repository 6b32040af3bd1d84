import { inflateRawSync } from 'node:zlib';
import { SAML_REQUEST_BOUNDS } from '@portico/shared';

/** Why an inbound message was refused before parsing: the security log's detail. */
export type BoundsRefusal = 'oversized-request' | 'undecodable-request' | 'doctype-request' | 'too-many-elements';

export class OutOfBounds extends Error {
  constructor(readonly reason: BoundsRefusal) {
    super(reason);
  }
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/**
 * The XML of a SAMLRequest, refused before any XML parser sees it (issue 26 §2, decision 1015): base64 only, inflated
 * (HTTP-Redirect) with zlib's own output cap so that a 2 KB bomb stops at 64 KB, no DOCTYPE or entity declaration
 * (nothing for a parser to expand), and at most a few hundred elements (each is work for the XPath extraction).
 */
export function boundedXml(binding: 'redirect' | 'post', samlRequest: string): string {
  if (samlRequest.length > SAML_REQUEST_BOUNDS.encodedChars) throw new OutOfBounds('oversized-request');
  if (!BASE64.test(samlRequest)) throw new OutOfBounds('undecodable-request');
  const raw = Buffer.from(samlRequest, 'base64');
  let bytes: Buffer;
  if (binding === 'redirect') {
    try {
      bytes = inflateRawSync(raw, { maxOutputLength: SAML_REQUEST_BOUNDS.xmlBytes });
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new OutOfBounds(code === 'ERR_BUFFER_TOO_LARGE' ? 'oversized-request' : 'undecodable-request');
    }
  } else bytes = raw;
  if (bytes.length > SAML_REQUEST_BOUNDS.xmlBytes) throw new OutOfBounds('oversized-request');
  const xml = bytes.toString('utf8');
  checkShape(xml);
  return xml;
}

/** No DOCTYPE nor ENTITY declaration, and no more elements than the bound (counted as start tags). */
export function checkShape(xml: string): void {
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(xml)) throw new OutOfBounds('doctype-request');
  let elements = 0;
  const startTag = /<[A-Za-z_]/g;
  while (startTag.exec(xml)) {
    if (++elements > SAML_REQUEST_BOUNDS.elements) throw new OutOfBounds('too-many-elements');
  }
}
