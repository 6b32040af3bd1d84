import { citationDeadlines, createBusinessCalendar, type LadderStep } from '@portico/shared';
import { usHolidaysBetween } from '@portico/shared/holidays';
import type { Queryable } from '../db/index';

const DAY = 86_400_000;

/**
 * The demo's citations (issue 30, decision 1100), issued by the demo's MLS staff to the demo agent (whose broker reads
 * them in My citations): a courtesy warning still open, an appealed fine, and one paid last quarter, each with its
 * history. None is suspended, so the demo agent keeps launching applications in the other journeys; no notification is
 * seeded either (the notification centre's journeys count theirs).
 */
const CITED: Array<{ rule: string; daysAgo: number; state: 'issued' | 'appealed' | 'paid'; facts: string; listingId: string | null }> = [
  {
    rule: '9.2',
    daysAgo: 2,
    state: 'issued',
    facts: 'Listing OC26-10442 closed escrow on the 3rd; the status was changed to Sold on the 9th (four business days late).',
    listingId: 'OC26-10442',
  },
  {
    rule: '11.5',
    daysAgo: 6,
    state: 'appealed',
    facts: 'Photo 4 of listing OC26-10517 shows the brokerage’s yard sign with its phone number.',
    listingId: 'OC26-10517',
  },
  {
    rule: '12.1',
    daysAgo: 95,
    state: 'paid',
    facts: 'Listing OC26-09871 gave 2,450 square feet; the assessor’s record and the appraisal say 1,980.',
    listingId: 'OC26-09871',
  },
];

export async function seedCitations(q: Queryable, _rng: unknown, zone: string): Promise<void> {
  const who = await q.query<{ login_id: string; id: number; office_id: number | null; aor_id: number | null }>(
    `SELECT login_id, id, office_id, aor_id FROM members WHERE login_id IN ('agent', 'mlsstaff')`,
  );
  const agent = who.find((m) => m.login_id === 'agent');
  const staff = who.find((m) => m.login_id === 'mlsstaff');
  if (!agent || !staff) return;
  const year = new Date().getUTCFullYear();
  const calendar = createBusinessCalendar({ zone, holidays: usHolidaysBetween(year - 1, year + 1) });
  for (const c of CITED) {
    const rule = await q.one<{ id: number; steps: LadderStep[]; correction_days: number }>(
      'SELECT id, steps, correction_days FROM rule_book_rules WHERE number = $1',
      [c.rule],
    );
    if (!rule) continue;
    const step = (c.state === 'paid' ? rule.steps[1] : rule.steps[0]) ?? (rule.steps[0] as LadderStep);
    const issued = new Date(Date.now() - c.daysAgo * DAY);
    const d = citationDeadlines(calendar, issued, rule.correction_days);
    const row = await q.one<{ id: number }>(
      `INSERT INTO citations (rule_id, member_id, office_id, aor_id, listing_id, source, facts, step_index, step_kind, amount, hearing,
                              earlier_offences, state, issued_on, issued_by, due_on, due_at, appeal_on, appeal_at, appealed_on, payment_reference, version)
       VALUES ($1, $2, $3, $4, $5, 'direct', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING id`,
      [
        rule.id,
        agent.id,
        agent.office_id,
        agent.aor_id,
        c.listingId,
        c.facts,
        c.state === 'paid' ? 1 : 0,
        step.kind,
        step.amount,
        step.hearing,
        c.state === 'paid' ? 1 : 0,
        c.state,
        issued,
        staff.id,
        d.due.date,
        d.due.endsAt,
        d.appeal.date,
        d.appeal.endsAt,
        c.state === 'appealed' ? new Date(issued.getTime() + DAY) : null,
        c.state === 'paid' ? 'Receipt 2026-0412' : null,
        c.state === 'issued' ? 1 : 2,
      ],
    );
    const id = (row as { id: number }).id;
    await q.query(
      `INSERT INTO citation_history (citation_id, at, by_member, what, from_state, to_state) VALUES ($1, $2, $3, 'issued', NULL, 'issued')`,
      [id, issued, staff.id],
    );
    if (c.state === 'appealed')
      await q.query(
        `INSERT INTO citation_history (citation_id, at, by_member, what, from_state, to_state, note) VALUES ($1, $2, $3, 'appealed', 'issued', 'appealed', $4)`,
        [
          id,
          new Date(issued.getTime() + DAY),
          agent.id,
          'The sign is the seller’s own open-house sign, not ours; the photographer missed it.',
        ],
      );
    if (c.state === 'paid')
      await q.query(
        `INSERT INTO citation_history (citation_id, at, by_member, what, from_state, to_state, note) VALUES ($1, $2, $3, 'record-payment', 'issued', 'paid', 'Reference Receipt 2026-0412')`,
        [id, new Date(issued.getTime() + 5 * DAY), staff.id],
      );
  }
}
