import { describe, expect, it } from 'vitest';
import { ruleSchema } from '../contracts/rule-book';
import { type LadderStep, ladderProblems, ladderStepIndex, ladderSummary, RULE_BOOK_MESSAGES as M } from './rule-book';

const warning: LadderStep = { kind: 'warning', amount: 0, hearing: false };
const fine = (amount: number, hearing = false): LadderStep => ({ kind: 'fine', amount, hearing });
const messages = (steps: LadderStep[]) => ladderProblems(steps).map((p) => `${p.path.join('.')}: ${p.message}`);

describe('a fine ladder is judged as a whole (issue 30 section 1)', () => {
  it('takes a warning then climbing fines, a hearing on any step, and the NAR cap itself', () => {
    expect(messages([warning, fine(50), fine(100), fine(250), fine(500, true)])).toEqual([]);
    expect(messages([fine(2500)])).toEqual([]);
    expect(messages([fine(15_000), fine(15_000, true)])).toEqual([]);
  });

  it('refuses an empty ladder and one of more than 8 steps', () => {
    expect(messages([])).toEqual([`steps: ${M.stepsRequired}`]);
    expect(messages([warning, ...Array.from({ length: 8 }, (_, i) => fine(100 * (i + 1)))])).toEqual([`steps: ${M.tooManySteps}`]);
  });

  it('refuses a warning after the first step and a warning that costs money', () => {
    expect(messages([fine(100), warning])).toEqual([`steps.1.kind: ${M.warningFirst}`]);
    expect(messages([{ kind: 'warning', amount: 25, hearing: false }])).toEqual([`steps.0.amount: ${M.warningFree}`]);
  });

  it('refuses fines of nothing, over $15,000, or lower than the step before', () => {
    expect(messages([fine(0)])).toEqual([`steps.0.amount: ${M.fineAmount}`]);
    expect(messages([fine(15_001)])).toEqual([`steps.0.amount: ${M.fineAmount}`]);
    expect(messages([fine(500), fine(250), fine(1000)])).toEqual([`steps.1.amount: ${M.finesClimb}`]);
  });
});

describe('the step a new offence takes', () => {
  it('is the first for no earlier offence, one further for each, and the last once climbed', () => {
    expect([0, 1, 2, 5].map((n) => ladderStepIndex(4, n))).toEqual([0, 1, 2, 3]);
    expect([0, 1, 2, 5].map((n) => ladderStepIndex(1, n))).toEqual([0, 0, 0, 0]);
    expect(() => ladderStepIndex(0, 0)).toThrow(RangeError);
  });

  it('reads as one line in the list', () => {
    expect(ladderSummary([warning, fine(250), fine(2500, true)])).toBe('Warning → $250 → $2,500 + hearing');
  });
});

describe('the rule schema', () => {
  const rule = {
    number: '7.8',
    title: 'Listing not in the MLS',
    text: 'A listing publicly marketed is filed with the MLS within one business day.',
    category: 'clear-cooperation',
    windowMonths: 12,
    correctionDays: 3,
    steps: [warning, fine(500)],
  };

  it('parses a whole rule, and reads form strings as numbers', () => {
    const parsed = ruleSchema.parse({ ...rule, windowMonths: '12', steps: [warning, { kind: 'fine', amount: '500' }] });
    expect(parsed.windowMonths).toBe(12);
    expect(parsed.steps[1]).toEqual(fine(500));
  });

  it('names each bad field, the ladder’s among them', () => {
    const result = ruleSchema.safeParse({ ...rule, number: '7 8!', windowMonths: 0, category: 'x', steps: [fine(100), fine(12.5)] });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        `number: ${M.numberFormat}`,
        `windowMonths: ${M.windowRange}`,
        `category: ${M.unknownCategory}`,
        `steps.1.amount: ${M.amountWhole}`,
      ]),
    );
  });
});
