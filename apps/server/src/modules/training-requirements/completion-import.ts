import {
  type CompletionImportInput,
  type CompletionImportResult,
  type CompletionImportRow,
  TRAINING_IMPORT_HEADERS as H,
  TRAINING_IMPORT_LIMITS as L,
  TRAINING_IMPORT_MESSAGES as M,
  todayIn,
  type Viewer,
} from '@portico/shared';
import { parse } from 'csv-parse/sync';
import type { Db, Queryable } from '../../db/index';
import { badRequest } from '../../lib/errors';
import {
  type ImportMember,
  insertOutsideCompletions,
  membersByReference,
  type OutsideCompletion,
  outsideKeysOf,
} from './import-repository';
import { listRequirements } from './repository';
import { syncMembers } from './status';

type Column = keyof typeof H;
const refuse = (message: string) => badRequest(message, [{ field: 'csv', message }]);
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

interface RawRow {
  line: number;
  cells: Partial<Record<Column, string>>;
  problem?: string;
}

/** The file's data rows by column (headers matched whatever their case and punctuation); a file that cannot be read is a 400. */
export function readImportCsv(text: string): RawRow[] {
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as unknown as typeof rows;
  } catch (error) {
    throw refuse(M.malformed((error as Error).message.replace(/\s+/g, ' ').slice(0, 200)));
  }
  if (rows.length < 2) throw refuse(M.empty);
  if (rows.length - 1 > L.maxRows) throw refuse(M.tooManyRows);
  const header = rows[0].record.map(headerKey);
  const index = Object.fromEntries(
    (Object.keys(H) as Column[]).map((c) => [c, header.findIndex((h) => (H[c] as readonly string[]).includes(h))]),
  ) as Record<Column, number>;
  const missing = [
    ...(index.mlsId < 0 && index.nrdsId < 0 ? ['MLS ID or NRDS ID'] : []),
    ...(index.courseNumber < 0 ? ['Course number'] : []),
    ...(index.hours < 0 ? ['Hours'] : []),
    ...(index.date < 0 ? ['Date'] : []),
  ];
  if (missing.length) throw refuse(M.missingHeaders(missing));
  return rows.slice(1).map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries((Object.keys(index) as Column[]).filter((c) => index[c] >= 0).map((c) => [c, record[index[c]] ?? ''])),
    ...(record.length === header.length ? {} : { problem: M.fieldCount(record.length, header.length) }),
  }));
}

/** A calendar day from YYYY-MM-DD or MM/DD/YYYY, or null. */
export function dayOf(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : text;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/** Hours as a positive number of at most 40 (to the hundredth), or null. */
export function hoursOf(text: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Math.round(Number(text) * 100) / 100;
  return n > 0 && n <= L.maxHours ? n : null;
}

/** Why a row cannot be recorded (the first problem found), or null. */
function reasonOf(
  viewer: Viewer,
  r: { ref: string; member?: ImportMember; course: string; known: boolean; hours: number | null; day: string | null; today: string },
): string | null {
  if (!r.ref) return M.memberRequired;
  if (!r.member) return M.unknownMember;
  if (viewer.level !== 5 && r.member.aor_id !== viewer.aorId) return M.outOfScope;
  if (!r.course) return M.courseRequired;
  if (!r.known) return M.unknownCourse;
  if (r.hours === null) return M.badHours;
  if (r.day === null) return M.badDate;
  if (r.day > r.today) return M.futureDate;
  return null;
}

interface Judged {
  rows: CompletionImportRow[];
  good: OutsideCompletion[];
}

/**
 * Judges every row of the file against the database as it is: the member (known, in the staff member's scope), the
 * course number (one a requirement in their scope counts), the hours and the day (not after today in the MLS's zone);
 * a row already recorded, or repeated in the file, is a duplicate. Reads the members and the recorded keys once.
 */
async function judge(q: Queryable, viewer: Viewer, raw: RawRow[], zone: string, now: Date): Promise<Judged> {
  const today = todayIn(zone, now);
  const mlsIds = [...new Set(raw.map((r) => r.cells.mlsId?.toLowerCase()).filter((v): v is string => !!v))];
  const nrdsIds = [...new Set(raw.map((r) => r.cells.nrdsId).filter((v): v is string => !!v))];
  const members = await membersByReference(q, mlsIds, nrdsIds);
  const byMls = new Map<string, ImportMember>();
  for (const m of members) if (m.login_id) byMls.set(m.login_id.toLowerCase(), m);
  for (const m of members) if (m.agent_code) byMls.set(m.agent_code.toLowerCase(), m);
  const byNrds = new Map(members.filter((m) => m.nrds_id).map((m) => [m.nrds_id as string, m]));
  const courses = new Map<string, string>();
  for (const r of await listRequirements(q, viewer.level === 5 ? undefined : viewer.aorId))
    for (const n of r.course_numbers) if (!courses.has(n.toLowerCase())) courses.set(n.toLowerCase(), r.name);
  const recorded = await outsideKeysOf(
    q,
    members.map((m) => m.id),
  );
  const seen = new Set<string>();
  const out: Judged = { rows: [], good: [] };
  for (const r of raw) {
    const c = r.cells;
    const ref = c.mlsId || c.nrdsId || '';
    const member = (c.mlsId ? byMls.get(c.mlsId.toLowerCase()) : undefined) ?? (c.nrdsId ? byNrds.get(c.nrdsId) : undefined);
    const course = c.courseNumber ?? '';
    const hours = hoursOf(c.hours ?? '');
    const day = dayOf(c.date ?? '');
    const reason = r.problem ?? reasonOf(viewer, { ref, member, course, known: courses.has(course.toLowerCase()), hours, day, today });
    const key = member && day ? `${member.id}:${course.toLowerCase()}:${day}` : '';
    const outcome = reason ? 'error' : recorded.has(key) || seen.has(key) ? 'duplicate' : 'new';
    out.rows.push({
      line: r.line,
      memberRef: ref,
      memberName: member?.display_name ?? null,
      courseNumber: course,
      hours: c.hours ?? '',
      completedOn: day ?? c.date ?? '',
      outcome,
      reason: reason ?? (outcome === 'duplicate' ? (recorded.has(key) ? M.alreadyRecorded : M.twiceInFile) : null),
    });
    if (outcome !== 'new' || !member || hours === null || day === null) continue;
    seen.add(key);
    out.good.push({
      memberId: member.id,
      courseNumber: course,
      courseName: (c.courseName || courses.get(course.toLowerCase()) || course).slice(0, 200),
      hours,
      completedOn: day,
      aorId: viewer.level === 5 ? member.aor_id : viewer.aorId,
    });
  }
  return out;
}

const result = (body: CompletionImportInput, rows: CompletionImportRow[], recorded: number | null): CompletionImportResult => ({
  fileName: body.fileName ?? null,
  rows,
  counts: {
    new: rows.filter((r) => r.outcome === 'new').length,
    duplicate: rows.filter((r) => r.outcome === 'duplicate').length,
    error: rows.filter((r) => r.outcome === 'error').length,
  },
  recorded,
});

/** The preview: every row judged, nothing written. */
export async function previewCompletionImport(q: Queryable, viewer: Viewer, body: CompletionImportInput, zone: string, now = new Date()) {
  const judged = await judge(q, viewer, readImportCsv(body.csv), zone, now);
  return result(body, judged.rows, null);
}

/**
 * The apply, in one transaction: the rows judged again (the database may have changed since the preview), the new ones
 * recorded (a natural key makes a second apply record nothing), and the members' training holds brought in line at once.
 */
export async function applyCompletionImport(db: Db, viewer: Viewer, body: CompletionImportInput, zone: string, now = new Date()) {
  const raw = readImportCsv(body.csv);
  return db.tx(async (q) => {
    const judged = await judge(q, viewer, raw, zone, now);
    const recorded = await insertOutsideCompletions(q, judged.good, viewer.memberId);
    await syncMembers(q, [...new Set(judged.good.map((g) => g.memberId))], zone, viewer.memberId, now);
    return result(body, judged.rows, recorded);
  });
}
