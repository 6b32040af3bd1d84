import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  CODE_TTL_MINUTES,
  codeMatches,
  codeUsable,
  hashCode,
  MAX_CODE_ATTEMPTS,
  newCode,
  newTotpSecret,
  TOTP_STEP_SECONDS,
  totpQrCode,
  totpStep,
} from './codes';

describe('second-factor code rules', () => {
  it('makes 6-digit codes and keeps only a salted hash', () => {
    const codes = new Set(Array.from({ length: 200 }, newCode));
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    const stored = hashCode('row-1', '123456');
    expect(stored).not.toContain('123456');
    expect(hashCode('row-2', '123456')).not.toBe(stored);
    expect(codeMatches('row-1', '123456', stored)).toBe(true);
    expect(codeMatches('row-1', '123457', stored)).toBe(false);
    expect(codeMatches('row-2', '123456', stored)).toBe(false);
    expect(codeMatches('row-1', '123456', null)).toBe(false);
  });

  it(`lets a code be tried ${MAX_CODE_ATTEMPTS} times within ${CODE_TTL_MINUTES} minutes`, () => {
    const now = new Date('2026-01-01T10:00:00Z');
    const later = new Date(now.getTime() + 60_000);
    expect(codeUsable({ expiresAt: later, attempts: 0 }, now)).toBe(true);
    expect(codeUsable({ expiresAt: later, attempts: MAX_CODE_ATTEMPTS - 1 }, now)).toBe(true);
    expect(codeUsable({ expiresAt: later, attempts: MAX_CODE_ATTEMPTS }, now)).toBe(false);
    expect(codeUsable({ expiresAt: now, attempts: 0 }, now)).toBe(false);
    expect(codeUsable({ expiresAt: null, attempts: 0 }, now)).toBe(false);
  });
});

describe('authenticator (TOTP, RFC 6238)', () => {
  it('agrees with the RFC 6238 SHA-1 test vector', () => {
    // RFC 6238 appendix B: secret "12345678901234567890" (base32 below), T = 59 s gives 94287082; six digits: 287082.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(authenticator.clone({ epoch: 59_000 }).generate(secret)).toBe('287082');
    expect(totpStep('287082', secret, null, 59_000)).toBe(1);
    expect(totpStep('287082', secret, null, 59_000 + 5 * TOTP_STEP_SECONDS * 1000)).toBeNull();
  });

  it('accepts the current code and one step either side, never a used step again', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const code = authenticator.generate(secret);
    const step = totpStep(code, secret, null, now);
    expect(step).not.toBeNull();
    expect(totpStep(code, secret, step, now)).toBeNull();
    const previous = authenticator.clone({ epoch: now - TOTP_STEP_SECONDS * 1000 }).generate(secret);
    expect(totpStep(previous, secret, null, now)).not.toBeNull();
    const tooOld = authenticator.clone({ epoch: now - 3 * TOTP_STEP_SECONDS * 1000 }).generate(secret);
    expect(totpStep(tooOld, secret, null, now)).toBeNull();
    expect(totpStep('000000', newTotpSecret(), null, now)).toBeNull();
  });

  it('draws the otpauth address as a PNG QR code', async () => {
    const url = await totpQrCode('agent', newTotpSecret());
    expect(url).toMatch(/^data:image\/png;base64,/);
  });
});
