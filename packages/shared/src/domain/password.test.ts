import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from '../contracts/account';
import { newPasswordSchema, passwordStrength } from './password';

const messages = (value: string) => {
  const r = newPasswordSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('password rules (seed 002 §5)', () => {
  it.each([
    ['', ['New Password Required']],
    ['Abcdef1#', []],
    ['abcdef1#', ['Password must contain at least one uppercase character']],
    ['ABCDEF1#', ['Password must contain at least one lowercase character']],
    ['Abcdefg#', ['Password must contain at least one number']],
    ['Abcdefg1', ['Password must contain at least one special character']],
    ['Ab1#', ['Password must be at least 8 characters']],
    ['Abcdef1-', []],
    ['Abcdef1(', ['Password must contain at least one special character']],
  ])('%j gives %j', (value, expected) => {
    expect(messages(value)).toEqual(expected);
  });

  it('counts the five rules for the strength meter', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('Portico#2026')).toBe(5);
  });

  it('needs the current password and a matching confirmation', () => {
    const r = changePasswordSchema.safeParse({ loginId: 'a', password: '', newPassword: 'Portico#2027', confirmPassword: 'Portico#2028' });
    expect(r.success).toBe(false);
    const issues = r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['password', 'Please enter your current password'],
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });
});
