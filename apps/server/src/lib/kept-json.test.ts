import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './kept-json';

describe('Accept-Encoding for kept answers (decision 1177)', () => {
  it('takes gzip when the client names it (or *) without q=0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'GZIP'])).toBe(true);
  });

  it('sends plain JSON to a client that does not name gzip or refuses it', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('x-gzip2')).toBe(false);
  });
});
