import { CASES_MESSAGES, type CaseItem, type CaseStatus, type FormDefinitionView, type ParsedQuery, type Viewer } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { containsPattern } from '../../lib/like';
import { runQuery } from '../../lib/query-engine';
import { publishCase } from '../live/index';
import { canWorkCase, caseScope } from './policy';
import { presentCase, presentCategories } from './presenter';
import { type CaseRow, caseSpec, findCase, formFieldsOf, setCaseStatus } from './repository';

/** The viewer's cases: their scope, the search text over case number, title and contact login id, then the criteria. */
export function queryCases(q: Queryable, viewer: Viewer, query: ParsedQuery, searchText?: string) {
  const scope = caseScope(viewer);
  if (!searchText) return runQuery<CaseRow>(q, caseSpec, query, scope);
  const n = `$${scope.params.length + 1}`;
  return runQuery<CaseRow>(q, caseSpec, query, {
    where: `${scope.where} AND (w.item_short_code ILIKE ${n} OR w.title ILIKE ${n} OR c.login_id ILIKE ${n})`,
    params: [...scope.params, containsPattern(searchText)],
  });
}

/** A case inside the viewer's scope; any other is 404, so that case ids of others are not disclosed. */
export async function readVisibleCase(q: Queryable, viewer: Viewer, id: number): Promise<CaseRow> {
  const row = await findCase(q, id, caseScope(viewer));
  if (!row) throw notFound('The case');
  return row;
}

/** Whether a case is inside the member's scope (a file of the case, such as a report's evidence, follows it). */
export async function mayViewCase(q: Queryable, viewer: Viewer, id: number): Promise<boolean> {
  return (await findCase(q, id, caseScope(viewer))) !== null;
}

/** The guards' row (routes.ts): a case inside the member's scope; 404 for any other. */
export const visibleCase = rowLoader<CaseRow, { params: { id: number } }>(
  'case the member sees',
  notFound('The case').message,
  ({ db, viewer, params }) => findCase(db, params.id, caseScope(viewer)),
);

export async function caseFormOf(q: Queryable, viewer: Viewer, row: CaseRow): Promise<FormDefinitionView> {
  return {
    workItemDefinitionId: row.work_item_definition_id,
    name: row.definition_name,
    workItem: presentCase(row),
    categories: presentCategories(row, await formFieldsOf(q, row.work_item_definition_id)),
    canAnswer: canWorkCase(viewer, { aorId: row.aor_id }),
  };
}

/** Only staff who work the case (its association's, or MLS staff) change its status; others who see it get 403. */
export async function updateCaseStatus(db: Db, viewer: Viewer, id: number, status: CaseStatus): Promise<CaseItem> {
  return db.tx(async (q) => {
    const row = await readVisibleCase(q, viewer, id);
    if (!canWorkCase(viewer, { aorId: row.aor_id })) throw forbidden(CASES_MESSAGES.statusStaffOnly);
    await setCaseStatus(q, id, status);
    await publishCase(q, id);
    return presentCase({ ...row, status });
  });
}
