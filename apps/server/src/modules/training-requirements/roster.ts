import { REQUIREMENT_MESSAGES as M, type Roster, todayIn, type Viewer } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { type ClassForStaff, deleteClassCompletions, findClass, insertClassCompletions, rosterOf, setPresent } from './roster-repository';
import { syncMembers } from './status';

/** A class's hours, in quarters of an hour. */
export const classHours = (c: Pick<ClassForStaff, 'start_time' | 'end_time'>) =>
  Math.max(0.25, Math.round(((new Date(c.end_time).getTime() - new Date(c.start_time).getTime()) / 3_600_000) * 4) / 4);

/** The class of the path (404 when there is none); the route's predicate decides whether the staff member may mark it. */
export const classOfPath = rowLoader<ClassForStaff, { params: { id: number } }>('training class', M.classNotFound, ({ db, params }) =>
  findClass(db, params.id),
);

export async function readRoster(q: Queryable, cls: ClassForStaff): Promise<Roster> {
  const rows = await rosterOf(q, cls.id);
  return {
    classId: cls.id,
    className: cls.class_name,
    startTime: new Date(cls.start_time).toISOString(),
    hours: classHours(cls),
    attendees: rows.map((r) => ({ id: r.id, memberId: r.member_id, name: r.display_name, loginId: r.login_id, wasPresent: r.was_present })),
  };
}

/**
 * Marks registrations attended (or not) in one transaction: attendance records the completion, and the members' training
 * holds are brought in line at once (a requirement now met lifts its hold for every instance).
 */
export async function markAttendance(
  db: Db,
  viewer: Viewer,
  cls: ClassForStaff,
  body: { attendeeIds: number[]; attended: boolean },
  zone: string,
): Promise<{ roster: Roster; marked: number }> {
  const ids = [...new Set(body.attendeeIds)];
  const marked = await db.tx(async (q) => {
    const rows = await setPresent(q, cls.id, ids, body.attended);
    const found = new Set(rows.map((r) => r.id));
    const strangers = ids.filter((id) => !found.has(id));
    if (strangers.length)
      throw badRequest(
        M.notAnAttendee,
        strangers.map((id) => ({ field: 'attendeeIds', message: `${M.notAnAttendee} (${id})` })),
      );
    if (body.attended)
      await insertClassCompletions(q, cls.id, ids, classHours(cls), todayIn(zone, new Date(cls.start_time)), viewer.memberId);
    else await deleteClassCompletions(q, ids);
    await syncMembers(q, [...new Set(rows.map((r) => r.member_id))], zone, viewer.memberId);
    return rows.length;
  });
  return { roster: await readRoster(db, cls), marked };
}
