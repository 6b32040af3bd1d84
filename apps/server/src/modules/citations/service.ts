import {
  CITATION_COUNT_CAP,
  CITATION_STATE_LABELS,
  CITATION_TRANSITIONS,
  type Citation,
  type CitationActionBody,
  type CitationListFilters,
  type CitationPage,
  type CitationPreview,
  type CitationState,
  type CitationTarget,
  citationDeadlines,
  citationNoticeText,
  citationStep,
  FINAL_CITATION_STATES,
  formatDateUs,
  type IssueCitation,
  CITATION_MESSAGES as M,
  ERROR_REASONS as R,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, conflict } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import type { Mailer } from '../../lib/mailer';
import { liftHoldOf, placeHold } from '../access-gate/index';
import { readVisibleCase } from '../cases/index';
import { loadBusinessCalendar } from '../compliance/index';
import { findMemberByLoginId } from '../members/index';
import { createNotifications } from '../notifications/index';
import { findRule } from '../rule-book/index';
import { sendNotice } from './notice';
import { actsAsStaff, isCitedMember, scopeOf } from './policy';
import { presentCitation, presentCitationSummary } from './presenter';
import {
  type CitationRow,
  campaignTypeId,
  earlierOffences,
  filesOf,
  findCitation,
  findVisibleCitation,
  historyOf,
  insertCitation,
  insertHistory,
  lockCitation,
  moveCitation,
  searchCitations,
} from './repository';

const label = (s: CitationState) => CITATION_STATE_LABELS[s].toLowerCase();
const field = (name: string, message: string) => badRequest(message, [{ field: name, message }]);

/** The citation of the path as the viewer may see it, for the route's guard (404 otherwise). */
export const visibleCitation = rowLoader<CitationRow, { params: { id: number } }>(
  'citation (visible to the member)',
  M.notFound,
  async ({ db, viewer, params }) => findVisibleCitation(db, await scopeOf(db, viewer), params.id),
);

/** The rule, the member and the step for a citation about to be issued (the preview and the issue alike). */
async function prepare(q: Queryable, viewer: Viewer, zone: string, target: CitationTarget, now: Date) {
  const rule = await findRule(q, target.ruleId);
  if (!rule) throw field('ruleId', M.ruleNotFound);
  const member = await findMemberByLoginId(q, target.loginId);
  // Association staff cite their association's members only: another's member is, to them, unknown.
  if (!member || member.id === null || !actsAsStaff(viewer, { aor_id: member.aor_id })) throw field('loginId', M.memberNotFound);
  if (target.caseId !== undefined) {
    try {
      await readVisibleCase(q, viewer, target.caseId);
    } catch {
      throw field('caseId', M.caseNotFound);
    }
  }
  const step = citationStep(rule.steps, rule.window_months, await earlierOffences(q, member.id, rule.id), now);
  const { calendar } = await loadBusinessCalendar(q, zone, now);
  const deadlines = citationDeadlines(calendar, now, rule.correction_days);
  return { rule, member: { ...member, id: member.id as number }, step, deadlines };
}

export async function previewCitation(db: Db, viewer: Viewer, zone: string, target: CitationTarget): Promise<CitationPreview> {
  const now = new Date();
  const p = await prepare(db, viewer, zone, target, now);
  return {
    rule: { id: p.rule.id, number: p.rule.number, title: p.rule.title },
    member: { id: p.member.id, name: p.member.display_name, loginId: p.member.login_id },
    stepIndex: p.step.index,
    stepCount: p.rule.steps.length,
    step: p.step.step,
    earlierOffences: p.step.earlierOffences,
    dueOn: p.deadlines.due.date,
    appealOn: p.deadlines.appeal.date,
  };
}

/**
 * Issues a citation: the step from the member's earlier offences (the member's row locked, so two issued at once count
 * each other), the deadlines, the history's first row, and the notice to the member with a copy to the office's
 * brokers (notifications and queued mail) — one transaction, so a mail that cannot be queued leaves nothing.
 */
export async function issueCitation(db: Db, mailer: Mailer, viewer: Viewer, zone: string, body: IssueCitation): Promise<Citation> {
  const now = new Date();
  const id = await db.tx(async (q) => {
    const p = await prepare(q, viewer, zone, body, now);
    const id = await insertCitation(q, {
      ruleId: p.rule.id,
      memberId: p.member.id,
      officeId: p.member.office_id,
      aorId: p.member.aor_id,
      listingId: body.listingId,
      source: body.caseId !== undefined ? 'case' : body.source === 'case' ? 'direct' : body.source,
      caseId: body.caseId ?? null,
      facts: body.facts,
      stepIndex: p.step.index,
      step: p.step.step,
      earlierOffences: p.step.earlierOffences,
      issuedOn: now,
      by: viewer.memberId,
      dueOn: p.deadlines.due.date,
      dueAt: p.deadlines.due.endsAt,
      appealOn: p.deadlines.appeal.date,
      appealAt: p.deadlines.appeal.endsAt,
    });
    await insertHistory(q, { citationId: id, by: viewer.memberId, what: 'issued', from: null, to: 'issued', at: now });
    const text = citationNoticeText({
      id,
      name: p.member.display_name,
      rule: { number: p.rule.number, title: p.rule.title, text: p.rule.body },
      facts: body.facts,
      step: p.step.step,
      dueOn: p.deadlines.due.date,
      appealOn: p.deadlines.appeal.date,
    });
    await sendNotice(q, mailer, {
      memberId: p.member.id,
      campaignTypeId: await campaignTypeId(q),
      subjectOf: (role) =>
        role === 'member' ? M.noticeSubject(id, p.rule.number) : M.copySubject(id, p.rule.number, p.member.display_name),
      text,
      at: now,
    });
    return id;
  });
  return readCitation(db, viewer, zone, (await findCitation(db, id)) as CitationRow);
}

export async function readCitation(q: Queryable, viewer: Viewer, zone: string, row: CitationRow, now = new Date()): Promise<Citation> {
  const [history, files, { calendar }] = await Promise.all([historyOf(q, row.id), filesOf(q, row.id), loadBusinessCalendar(q, zone, now)]);
  return presentCitation(row, history, files, calendar, { isStaff: actsAsStaff(viewer, row), isCited: isCitedMember(viewer, row) }, now);
}

export async function listCitations(db: Db, viewer: Viewer, query: CitationListFilters, { own = false } = {}): Promise<CitationPage> {
  const scope = await scopeOf(db, viewer);
  // My citations: the member's own and, for a broker, their offices' — never the association's or the MLS's.
  const reach = own ? { ...scope, isMlsWide: false, aorId: null } : scope;
  let memberId: number | undefined;
  if (query.loginId) {
    const m = await findMemberByLoginId(db, query.loginId);
    memberId = m?.id ?? -1;
  }
  const filters = { state: query.state, ruleId: query.ruleId, memberId };
  const { rows, total } = await searchCitations(db, reach, filters, query, CITATION_COUNT_CAP);
  const totalResults = Math.min(total, CITATION_COUNT_CAP);
  return {
    citations: rows.map(presentCitationSummary),
    totalResults,
    totalPages: Math.ceil(totalResults / query.pageSize),
    totalCapped: total > CITATION_COUNT_CAP,
  };
}

const holdOf = (row: CitationRow) => ({ memberId: row.member_id, kind: 'citation' as const, source: `citation:${row.id}` });

/** Locks the citation and checks the version the caller loaded: someone else's change in between is a 409. */
async function lockCurrent(q: Queryable, id: number, version: number | null): Promise<CitationRow> {
  await lockCitation(q, id);
  const current = (await findCitation(q, id)) as CitationRow;
  if (version !== null && current.version !== version) throw conflict(R.citationStale, M.stale(label(current.state)));
  return current;
}

/** Places the citation's hold on the member's MLS access (the job's and staff's suspension alike). */
export async function suspendFor(q: Queryable, row: CitationRow, by: number | null): Promise<void> {
  await placeHold(q, { ...holdOf(row), reason: M.holdReason(row.id, row.rule_number), by });
}

async function notifyMember(q: Queryable, row: CitationRow, subject: string, body: string, now: Date) {
  await createNotifications(q, [
    { memberId: row.member_id, campaignTypeId: await campaignTypeId(q), subject, body, priority: 1, isRead: false, createdOn: now },
  ]);
}

/**
 * A staff action over the version loaded: the state moves, the history keeps who, when and why, and the member's hold
 * follows in the same transaction (placed on suspend, lifted on lift, payment, confirmed correction or withdrawal).
 */
export async function actOnCitation(db: Db, viewer: Viewer, zone: string, row: CitationRow, body: CitationActionBody): Promise<Citation> {
  const now = new Date();
  await db.tx(async (q) => {
    const current = await lockCurrent(q, row.id, body.version);
    const t = CITATION_TRANSITIONS[body.action];
    if (!t.from.includes(current.state)) throw conflict(R.citationNotAllowed, M.notAllowed(label(current.state)));
    const to: CitationState = body.action === 'lift' ? (current.appealed_on ? 'upheld' : 'issued') : t.to;
    await moveCitation(q, row.id, body.version, t.from, to, {
      paymentReference: body.action === 'record-payment' ? body.reference : undefined,
      suspendedAt: body.action === 'suspend' ? now : undefined,
    });
    const note = body.action === 'record-payment' ? [`Reference ${body.reference}`, body.note].filter(Boolean).join('. ') : body.note;
    await insertHistory(q, { citationId: row.id, by: viewer.memberId, what: body.action, from: current.state, to, note, at: now });
    if (body.action === 'suspend') await suspendFor(q, current, viewer.memberId);
    if (body.action === 'lift') await liftHoldOf(q, holdOf(current), body.note, viewer.memberId);
    if (FINAL_CITATION_STATES.includes(to)) await liftHoldOf(q, holdOf(current), M.liftReason(row.id, label(to)), viewer.memberId);
    await notifyMember(
      q,
      current,
      `Citation ${row.id}: ${CITATION_STATE_LABELS[to]}`,
      M.actionDone(body.action) + (note ? ` ${note}` : ''),
      now,
    );
  });
  return readCitation(db, viewer, zone, (await findCitation(db, row.id)) as CitationRow, now);
}

/** The cited member's 'I corrected it': staff confirm it (which closes the citation and lifts any hold). */
export async function markCorrected(db: Db, viewer: Viewer, zone: string, row: CitationRow, note: string): Promise<Citation> {
  await db.tx(async (q) => {
    const current = await lockCurrent(q, row.id, null);
    const from: CitationState[] = ['issued', 'upheld', 'suspended'];
    if (!from.includes(current.state)) throw conflict(R.citationNotAllowed, M.correctionNotOpen);
    await moveCitation(q, row.id, null, from, 'corrected');
    await insertHistory(q, { citationId: row.id, by: viewer.memberId, what: 'corrected', from: current.state, to: 'corrected', note });
  });
  return readCitation(db, viewer, zone, (await findCitation(db, row.id)) as CitationRow);
}

/** The cited member's appeal: once, and only before the appeal deadline (a late one is a 409 saying when it ended). */
export async function appealCitation(
  db: Db,
  viewer: Viewer,
  zone: string,
  row: CitationRow,
  note: string,
  now = new Date(),
): Promise<Citation> {
  await db.tx(async (q) => {
    const current = await lockCurrent(q, row.id, null);
    if (current.appealed_on) throw conflict(R.citationNotAllowed, M.appealOnce);
    if (now.getTime() >= new Date(current.appeal_at).getTime())
      throw conflict(R.citationNotAllowed, M.appealLate(formatDateUs(current.appeal_on)));
    if (current.state !== 'issued') throw conflict(R.citationNotAllowed, M.notAllowed(label(current.state)));
    await moveCitation(q, row.id, null, ['issued'], 'appealed', { appealed: true });
    await insertHistory(q, { citationId: row.id, by: viewer.memberId, what: 'appealed', from: current.state, to: 'appealed', note });
  });
  return readCitation(db, viewer, zone, (await findCitation(db, row.id)) as CitationRow);
}
