import type { LadderStep, RuleCategory } from '@portico/shared';
import type { Queryable } from '../db/index';

const warning: LadderStep = { kind: 'warning', amount: 0, hearing: false };
const fine = (amount: number, hearing = false): LadderStep => ({ kind: 'fine', amount, hearing });

/**
 * The demo MLS's rule book (issue 30 section 1): the citations MLSs issue most, with ladders like Stellar's
 * ($50 / $100 / $250 / $500 and a hearing) and CVR MLS's password-sharing fine.
 */
const RULES: Array<{
  number: string;
  title: string;
  text: string;
  category: RuleCategory;
  window: number;
  correct: number;
  steps: LadderStep[];
}> = [
  {
    number: '7.8',
    title: 'Listing not in the MLS within one business day of public marketing',
    text: 'A listing publicly marketed (a yard sign, a website, social media, an e-mail to several brokers) is filed with the MLS within one business day (Clear Cooperation, MLS Policy Statement 8.0).',
    category: 'clear-cooperation',
    window: 12,
    correct: 1,
    steps: [fine(500), fine(1000), fine(2500, true)],
  },
  {
    number: '9.2',
    title: 'Late status change',
    text: 'A change of a listing’s status (pending, sold, withdrawn, expired) is entered within two business days of the change.',
    category: 'listing-status',
    window: 12,
    correct: 2,
    steps: [warning, fine(50), fine(100), fine(250), fine(500, true)],
  },
  {
    number: '11.5',
    title: 'Photos with signs, watermarks or people',
    text: 'A listing’s photos show the property only: no branded signs, watermarks, contact details or people.',
    category: 'photos',
    window: 12,
    correct: 3,
    steps: [warning, fine(100), fine(250), fine(500)],
  },
  {
    number: '12.1',
    title: 'Inaccurate listing data',
    text: 'Every field of a listing is accurate and complete to the best of the listing agent’s knowledge.',
    category: 'listing-data',
    window: 12,
    correct: 3,
    steps: [warning, fine(100), fine(250), fine(500, true)],
  },
  {
    number: '14.3',
    title: 'Sharing MLS access',
    text: 'A login ID and password are for the subscriber alone; sharing them, or letting another use an open session, is prohibited.',
    category: 'access',
    window: 24,
    correct: 1,
    steps: [fine(2500, true), fine(5000, true)],
  },
];

export async function seedRuleBook(q: Queryable): Promise<void> {
  for (const r of RULES) {
    await q.query(
      `INSERT INTO rule_book_rules (number, title, body, category, window_months, correction_days, steps)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) ON CONFLICT (number) DO NOTHING`,
      [r.number, r.title, r.text, r.category, r.window, r.correct, JSON.stringify(r.steps)],
    );
  }
}
