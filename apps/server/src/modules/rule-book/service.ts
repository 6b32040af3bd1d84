import { RULE_BOOK_MESSAGES as M, ERROR_REASONS as R, type Rule, type RuleBook, type RuleWrite, type Viewer } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, conflict } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { mayEditRuleBook } from './policy';
import { presentRule } from './presenter';
import { deleteRule, findRule, insertRule, listRules, type RuleRow, ruleIsCited, ruleNumberTaken, updateRule } from './repository';

const byNumber = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The rules in the order of their numbers as people read them (7.2 before 7.10). */
export async function readRuleBook(q: Queryable, viewer: Viewer): Promise<RuleBook> {
  const rules = (await listRules(q)).map(presentRule).sort((a, b) => byNumber.compare(a.number, b.number));
  return { rules, canEdit: mayEditRuleBook(viewer) };
}

/** The rule of the path, for the route's guard (404 when the rule book has no such rule). */
export const ruleOfPath = rowLoader<RuleRow, { params: { id: number } }>('rule of the rule book', M.notFound, ({ db, params }) =>
  findRule(db, params.id),
);

const numberTaken = () => badRequest(M.numberTaken, [{ field: 'number', message: M.numberTaken }]);

/** Adds a rule; its number is unique in the rule book whatever its case (a 400 on the number field otherwise). */
export async function createRule(db: Db, viewer: Viewer, body: RuleWrite): Promise<Rule> {
  return db.tx(async (q) => {
    if (await ruleNumberTaken(q, body.number, null)) throw numberTaken();
    const id = await insertRule(q, body, viewer.memberId);
    return presentRule((await findRule(q, id)) as RuleRow);
  });
}

/**
 * Saves a rule over the version the editor loaded: a save by someone else in between is a 409 with the current rule's
 * version named, and nothing is written.
 */
export async function changeRule(db: Db, viewer: Viewer, rule: RuleRow, body: RuleWrite): Promise<Rule> {
  return db.tx(async (q) => {
    if (await ruleNumberTaken(q, body.number, rule.id)) throw numberTaken();
    const saved = await updateRule(q, rule.id, body.version ?? rule.version, body, viewer.memberId);
    if (!saved) throw conflict(R.ruleStale, M.stale);
    return presentRule((await findRule(q, rule.id)) as RuleRow);
  });
}

/** Removes a rule no citation was issued under; a cited rule stays (409), so a citation always shows its rule. */
export async function removeRule(db: Db, rule: RuleRow): Promise<void> {
  await db.tx(async (q) => {
    if (await ruleIsCited(q, rule.id)) throw conflict(R.ruleCited, M.cited);
    await deleteRule(q, rule.id);
  });
}
