import {
  type FieldError,
  REQUIREMENT_MESSAGES as M,
  type MyRequirement,
  type Requirement,
  type RequirementsReport,
  type RequirementWrite,
  todayIn,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, forbidden } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { liftHoldsOfSource } from '../access-gate/index';
import { enforceRequirement } from './enforcement';
import { canEditRequirement, mayEnforce } from './policy';
import { periodOf, presentCompletion, presentRequirement } from './presenter';
import {
  type CompletionRow,
  completionsOf,
  countingClasses,
  deleteRequirement,
  findCompletion,
  findRequirement,
  insertRequirement,
  listRequirements,
  membersByIds,
  membersInScope,
  missingIds,
  officeAorOf,
  officeIdsOf,
  type RequirementRow,
  updateRequirement,
} from './repository';
import { holdSource, statusesOf, statusesOfMembers } from './status';

/** Staff read their scope's requirements: MLS staff every one, association staff theirs and the MLS's. */
export async function readRequirements(q: Queryable, viewer: Viewer): Promise<Requirement[]> {
  const rows = await listRequirements(q, viewer.level === 5 ? undefined : viewer.aorId);
  return rows.map((r) => presentRequirement(r, viewer));
}

/** The requirement of the path as the staff member may see it (404 otherwise). */
export const requirementOfPath = rowLoader<RequirementRow, { params: { id: number } }>(
  'requirement in the staff member’s scope',
  M.notFound,
  async ({ db, viewer, params }) => {
    const row = await findRequirement(db, params.id);
    return row && (viewer.level === 5 || row.aor_id === null || row.aor_id === viewer.aorId) ? row : null;
  },
);

export { canEditRequirement };

/** A completion of a Portico class, the member's own (any for staff); 404 otherwise, as one that does not exist. */
export const completionOfPath = rowLoader<CompletionRow & { member_name: string }, { params: { id: number } }>(
  'completion (the member’s own; any for staff)',
  M.certificateNotFound,
  async ({ db, viewer, params }) => {
    const row = await findCompletion(db, params.id);
    return row && row.attendee_id !== null && (row.member_id === viewer.memberId || viewer.level >= 4) ? row : null;
  },
);

/** The checks a schema cannot make: the ids exist, the association's staff stay in their association, enforcement is the MLS's. */
async function problems(q: Queryable, viewer: Viewer, r: RequirementWrite): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const id of await missingIds(q, 'training_topics', r.topicIds))
    errors.push({ field: 'topicIds', message: `${M.unknownTopic} (${id})` });
  for (const id of await missingIds(q, 'associations', r.associationIds))
    errors.push({ field: 'associationIds', message: `${M.unknownAssociation} (${id})` });
  if (viewer.level !== 5 && r.associationIds.some((id) => id !== viewer.aorId))
    errors.push({ field: 'associationIds', message: M.otherAssociation });
  const enforced = r.enforcement.listingEntry || r.enforcement.applications !== 'none';
  if (enforced && !mayEnforce(viewer)) errors.push({ field: 'enforcement', message: M.enforcementMlsOnly });
  if (r.enforcement.applications === 'chosen')
    for (const id of await missingIds(q, 'applications', r.enforcement.applicationIds))
      errors.push({ field: 'enforcement.applicationIds', message: `${M.unknownApplication} (${id})` });
  return errors;
}

/** An association's requirement is for its members: association staff's requirements name their association. */
const scoped = (viewer: Viewer, r: RequirementWrite): RequirementWrite =>
  viewer.level === 5 ? r : { ...r, associationIds: viewer.aorId ? [viewer.aorId] : [] };

export async function createRequirement(db: Db, viewer: Viewer, body: RequirementWrite, zone: string): Promise<Requirement> {
  const row = await db.tx(async (q) => {
    const errors = await problems(q, viewer, body);
    if (errors.length) throw badRequest(M.invalid, errors);
    const id = await insertRequirement(q, scoped(viewer, body), viewer.level === 5 ? null : viewer.aorId, viewer.memberId);
    return (await findRequirement(q, id)) as RequirementRow;
  });
  await enforceRequirement(db, row, zone);
  return presentRequirement(row, viewer);
}

/**
 * Saves a requirement; its holds are lifted and placed again from its new terms (what they close, who is overdue), so
 * a change of enforcement holds at once.
 */
export async function changeRequirement(
  db: Db,
  viewer: Viewer,
  row: RequirementRow,
  body: RequirementWrite,
  zone: string,
): Promise<Requirement> {
  if (!canEditRequirement(viewer, row)) throw forbidden();
  const saved = await db.tx(async (q) => {
    const errors = await problems(q, viewer, body);
    if (errors.length) throw badRequest(M.invalid, errors);
    await updateRequirement(q, row.id, scoped(viewer, body));
    await liftHoldsOfSource(q, 'training', holdSource(row.id), M.updated(body.name));
    return (await findRequirement(q, row.id)) as RequirementRow;
  });
  await enforceRequirement(db, saved, zone);
  return presentRequirement(saved, viewer);
}

export async function removeRequirement(db: Db, viewer: Viewer, row: RequirementRow): Promise<void> {
  if (!canEditRequirement(viewer, row)) throw forbidden();
  await db.tx(async (q) => {
    await liftHoldsOfSource(q, 'training', holdSource(row.id), M.deleted(row.name));
    await deleteRequirement(q, row.id);
  });
}

const hoursOf = (start: Date, end: Date) => Math.round(((end.getTime() - start.getTime()) / 3_600_000) * 4) / 4;

/** My requirements: each that applies, with the classes that count and the member's certificates. */
export async function myRequirements(q: Queryable, viewer: Viewer, zone: string, now = new Date()): Promise<MyRequirement[]> {
  const [member] = await membersByIds(q, [viewer.memberId]);
  if (!member) return [];
  const requirements = await listRequirements(q);
  // One member: their completions in full (the page lists the counted ones with their certificates).
  const statuses = statusesOf(member, requirements, await completionsOf(q, [member.id]), zone, todayIn(zone, now));
  const topics = [...new Set(statuses.flatMap((s) => s.requirement.topic_ids))];
  const classes = topics.length ? await countingClasses(q, topics, viewer.aorId, now) : [];
  return statuses.map(({ requirement: r, status, counted }) => ({
    id: r.id,
    name: r.name,
    period: periodOf(r),
    ...status,
    classes: classes
      .filter((c) => c.topic_ids.some((t) => r.topic_ids.includes(t)))
      .map((c) => ({
        id: c.id,
        className: c.class_name,
        startTime: new Date(c.start_time).toISOString(),
        hours: hoursOf(c.start_time, c.end_time),
      })),
    completions: counted.map(presentCompletion),
  }));
}

const REPORT_LIMIT = 1_000;

/**
 * The members of a broker's offices (an office of theirs, or all of them), of an association's staff's association, or
 * of the MLS, with their state per requirement and the counts; `overdue` keeps members with at least one overdue.
 * An office outside the reader's reach is a 403.
 */
export async function requirementsReport(
  q: Queryable,
  viewer: Viewer,
  query: { officeId?: number; overdue?: 'true' | 'false' },
  zone: string,
  now = new Date(),
): Promise<RequirementsReport> {
  let scope: { officeIds?: number[]; aorId?: number };
  if (viewer.level === 5) scope = query.officeId ? { officeIds: [query.officeId] } : {};
  else if (viewer.level === 4) {
    if (query.officeId) {
      const office = await officeAorOf(q, query.officeId);
      if (!office || office.aor_id !== viewer.aorId) throw forbidden(M.officeForbidden);
      scope = { officeIds: [query.officeId] };
    } else scope = { aorId: viewer.aorId ?? -1 };
  } else {
    const mine = await officeIdsOf(q, viewer.officeId, viewer.officeCode, viewer.isMainOffice);
    if (query.officeId && !mine.includes(query.officeId)) throw forbidden(M.officeForbidden);
    scope = { officeIds: query.officeId ? [query.officeId] : mine };
  }
  const members = await membersInScope(q, scope, REPORT_LIMIT);
  const requirements = await listRequirements(q, viewer.level === 5 ? undefined : viewer.aorId);
  const statuses = await statusesOfMembers(q, members, requirements, zone, now);
  const counts = requirements.map((r) => ({ id: r.id, name: r.name, met: 0, due: 0, overdue: 0 }));
  const rows = members.map((m) => {
    const list = statuses.get(m.id) ?? [];
    for (const s of list) {
      const c = counts.find((x) => x.id === s.requirement.id);
      if (c) c[s.status.state] += 1;
    }
    return {
      memberId: m.id,
      loginId: m.login_id,
      name: m.display_name,
      officeName: m.office_name,
      requirements: list.map((s) => ({
        id: s.requirement.id,
        state: s.status.state,
        hoursLeft: s.status.hoursLeft,
        deadline: s.status.deadline,
      })),
    };
  });
  const kept = query.overdue === 'true' ? rows.filter((r) => r.requirements.some((x) => x.state === 'overdue')) : rows;
  return { requirements: counts, members: kept, total: kept.length };
}

export const csvCell = (v: string | number) => {
  const s = String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The report as CSV: one line per member and requirement. */
export function reportCsv(report: RequirementsReport): string {
  const names = new Map(report.requirements.map((r) => [r.id, r.name]));
  const lines = [['Login ID', 'Member', 'Office', 'Requirement', 'State', 'Hours left', 'Deadline'].join(',')];
  for (const m of report.members)
    for (const r of m.requirements)
      lines.push(
        [m.loginId, m.name, m.officeName ?? '', names.get(r.id) ?? '', M.stateLabel[r.state], r.hoursLeft, r.deadline]
          .map(csvCell)
          .join(','),
      );
  return `${lines.join('\r\n')}\r\n`;
}
