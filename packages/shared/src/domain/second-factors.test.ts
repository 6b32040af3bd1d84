import { describe, expect, it } from 'vitest';
import {
  describeSecondFactor,
  SECOND_FACTOR_MESSAGES as M,
  maskEmail,
  maskPhone,
  normalisePhone,
  resendAvailableInSeconds,
  secondFactorValueIssue,
  verificationCodeSchema,
} from './second-factors';

describe('second-factor value rules (seed 002 §5)', () => {
  it('asks for a phone number in a valid format', () => {
    expect(secondFactorValueIssue('sms', '')).toBe(M.phoneRequired);
    expect(secondFactorValueIssue('sms', '12345')).toBe(M.phoneInvalid);
    expect(secondFactorValueIssue('sms', '(714) 555-0134')).toBeNull();
    expect(secondFactorValueIssue('sms', '+1 714.555.0134')).toBeNull();
    for (const bad of ['(014) 555-0134', '(714) 155-0134', '714-555-013', '+44 20 7946 0958', '714 555 0134 5'])
      expect(secondFactorValueIssue('sms', bad)).toBe(M.phoneInvalid);
  });
  it('keeps phone numbers in E.164 and shows only their last four digits', () => {
    expect(normalisePhone('(714) 555-0134')).toBe('+17145550134');
    expect(normalisePhone('+1 714.555.0134')).toBe('+17145550134');
    expect(normalisePhone('1-714-555-0134')).toBe('+17145550134');
    expect(normalisePhone('12345')).toBeNull();
    expect(maskPhone('+17145550134')).toBe('(•••) •••-0134');
    expect(describeSecondFactor('sms', '+17145550134')).toBe('Text Message (SMS): (•••) •••-0134');
  });
  it('asks for a valid e-mail address', () => {
    expect(secondFactorValueIssue('email', '  ')).toBe(M.emailRequired);
    expect(secondFactorValueIssue('email', 'not-an-address')).toBe(M.emailInvalid);
    expect(secondFactorValueIssue('email', `${'a'.repeat(250)}@x.org`)).toBe(M.emailInvalid);
    expect(secondFactorValueIssue('email', 'agent@example.org')).toBeNull();
  });
  it('asks an authenticator factor for a name, and anything else for a value', () => {
    expect(secondFactorValueIssue('totp', '')).toBe(M.totpNameRequired);
    expect(secondFactorValueIssue('totp', 'My phone')).toBeNull();
    expect(secondFactorValueIssue('passkey', '')).toBe(M.passkeyNameRequired);
  });
});

describe('verification codes', () => {
  it('are exactly six digits', () => {
    expect(verificationCodeSchema.safeParse('012345').success).toBe(true);
    expect(verificationCodeSchema.safeParse(' 012345 ').data).toBe('012345');
    for (const bad of ['12345', '1234567', '12a456', '']) {
      const r = verificationCodeSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(M.codeFormat);
    }
  });

  it('can be sent again only after the resend wait, 300 s by default', () => {
    const sent = new Date('2026-01-01T10:00:00Z');
    expect(resendAvailableInSeconds(sent, new Date('2026-01-01T10:00:00Z'))).toBe(300);
    expect(resendAvailableInSeconds(sent, new Date('2026-01-01T10:04:59.500Z'))).toBe(1);
    expect(resendAvailableInSeconds(sent, new Date('2026-01-01T10:05:00Z'))).toBe(0);
    expect(resendAvailableInSeconds(sent, new Date('2026-01-01T10:09:00Z'))).toBe(0);
    expect(resendAvailableInSeconds(sent, new Date('2026-01-01T10:00:30Z'), 60)).toBe(30);
  });
});

describe('how factors read', () => {
  it('masks e-mail addresses but keeps the domain', () => {
    expect(maskEmail('alicia@members.example-mls.org')).toBe('al•••@members.example-mls.org');
    expect(maskEmail('a@x.org')).toBe('a•••@x.org');
    expect(describeSecondFactor('totp', 'My phone')).toBe('Authenticator App: My phone');
    expect(describeSecondFactor('email', 'bo@x.org')).toBe('Email: b•••@x.org');
  });
});
