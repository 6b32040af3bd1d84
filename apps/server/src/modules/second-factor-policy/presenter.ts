import { type EnrolmentRow, MEMBER_TYPES, type SecondFactorPolicy, type SecondFactorType } from '@portico/shared';
import type { PolicyRow } from './repository';

export function presentPolicy(row: PolicyRow): SecondFactorPolicy {
  return {
    scope: row.scope,
    memberTypes: row.member_types,
    requiredFrom: row.required_from,
    graceSignIns: row.grace_sign_ins,
    updatedOn: row.updated_on?.toISOString() ?? null,
  };
}

const KINDS: SecondFactorType[] = ['email', 'sms', 'totp', 'passkey'];
export const memberTypeName = (value: number) => MEMBER_TYPES.find((t) => t.value === value)?.name ?? 'Other';

const cell = (value: string | number) => {
  const text = String(value);
  // A cell a spreadsheet would read as a formula is quoted with a leading apostrophe (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function enrolmentCsv(rows: EnrolmentRow[]): string {
  const lines: Array<Array<string | number>> = [
    [
      'Member type',
      'Association',
      'Office',
      'Members',
      'With a factor',
      'Without',
      'E-mail',
      'Text message',
      'Authenticator app',
      'Passkey',
    ],
  ];
  for (const r of rows) {
    lines.push([r.memberType, r.association, r.office, r.members, r.withFactor, r.withoutFactor, ...KINDS.map((k) => r.byKind[k])]);
  }
  return `${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}
