import type { Rule } from '@portico/shared';
import type { RuleRow } from './repository';

export function presentRule(row: RuleRow): Rule {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    text: row.body,
    category: row.category,
    windowMonths: row.window_months,
    correctionDays: row.correction_days,
    steps: row.steps.map((s) => ({ kind: s.kind, amount: s.amount, hearing: s.hearing })),
    version: row.version,
    updatedOn: new Date(row.updated_on).toISOString(),
    updatedBy: row.updated_by_name,
  };
}
