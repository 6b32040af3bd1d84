import {
  type ClassRequest,
  type ClassRequestPayload,
  classRequestSchema,
  type ParsedQuery,
  requestDateProblem,
  TRAINING,
  TRAINING_MESSAGES,
  type TrainingAttendee,
  type TrainingClass,
  type TrainingSubject,
  type TrainingTopic,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { runQuery } from '../../lib/query-engine';
import { createGazetteer } from '../maps/index';
import { presentAttendee, presentClass, presentClassRequest, presentTopic } from './presenter';
import {
  type AttendeeRow,
  attendeeSpec,
  type ClassRequestRow,
  cancelRequest,
  classRequestSpec,
  classSpec,
  countTaken,
  findLiveAttendee,
  findOwnAttendee,
  findOwnRequest,
  findVisibleClass,
  insertAttendee,
  insertClassRequest,
  listSubjects,
  listTopics,
  loadClasses,
  loadClassTopics,
  markUnregistered,
  topicExists,
  visibleScope,
} from './repository';

/** A payload naming another member is refused: a member acts only for themselves. */
export function requireSelf(viewer: Viewer, memberId: number | undefined): void {
  if (memberId !== undefined && memberId !== viewer.memberId) throw forbidden(TRAINING_MESSAGES.onlyForYourself);
}

/** Criteria may narrow to the member's own rows, never reach another's. */
function requireOwnCriteria(viewer: Viewer, query: ParsedQuery, field: string): void {
  for (const c of query.criteria) {
    if (c.field.toLowerCase() === field.toLowerCase() && c.values.some((v) => Number(v) !== viewer.memberId)) {
      throw forbidden(TRAINING_MESSAGES.onlyForYourself);
    }
  }
}

async function expandClasses(q: Queryable, ids: number[]): Promise<Map<number, TrainingClass>> {
  const [rows, topics] = await Promise.all([loadClasses(q, ids), loadClassTopics(q, ids)]);
  return new Map(
    rows.map((r) => [
      r.id,
      presentClass(
        r,
        topics.filter((t) => t.training_class_id === r.id),
      ),
    ]),
  );
}

/** `TrainingClass/q`: visible classes only, at most `classQueryMax` a page. */
export async function queryClasses(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  const page = await runQuery<{ id: number }>(
    q,
    classSpec,
    { ...query, pageSize: Math.min(query.pageSize, TRAINING.classQueryMax) },
    visibleScope(viewer.aorId),
  );
  const classes = await expandClasses(
    q,
    page.rows.map((r) => r.id),
  );
  return { ...page, results: page.rows.map((r) => classes.get(r.id)).filter((c): c is TrainingClass => !!c) };
}

/** `GET subjects`: the training subjects, by name. */
export function trainingSubjects(q: Queryable): Promise<TrainingSubject[]> {
  return listSubjects(q);
}

/** `GET TrainingTopic/GetAllTrainingTopics`: every training topic, by name. */
export async function trainingTopics(q: Queryable): Promise<TrainingTopic[]> {
  return (await listTopics(q)).map(presentTopic);
}

/** ZIP centroid when the full address is unknown to the gazetteer; null when neither is found. */
async function geocode(q: Queryable, address: string): Promise<{ latitude: number; longitude: number } | null> {
  const maps = createGazetteer(q);
  const zip = /\b(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1];
  for (const text of zip ? [address, zip] : [address]) {
    const found = (await maps.searchAddresses(text, { country: 'US', limit: 1 }))[0];
    if (found?.latitude != null && found.longitude != null) return { latitude: found.latitude, longitude: found.longitude };
  }
  return null;
}

/** The guards' row (routes.ts): a class the member may see (public, or of their association); any other is 404. */
export const visibleClass = rowLoader<{ id: number }, { params: { id: number } }>(
  'class the member sees',
  notFound('The class').message,
  ({ db, viewer, params }) => findVisibleClass(db, params.id, viewer.aorId),
);

/** The guards' row: one of the member's own course requests; another member's is 404 like a missing one. */
export const ownClassRequest = rowLoader<ClassRequestRow, { params: { id: number } }>(
  "member's own course request",
  notFound('The course request').message,
  ({ db, viewer, params }) => findOwnRequest(db, viewer.memberId, params.id),
);

/** The class detail, geocoded (the guard has loaded it as the member may see it). */
export async function expandedClass(q: Queryable, id: number): Promise<TrainingClass> {
  const [row] = await loadClasses(q, [id]);
  const topics = await loadClassTopics(q, [id]);
  const geo = row.location_address ? await geocode(q, row.location_address) : null;
  return presentClass(row, topics, geo);
}

async function presentAttendees(q: Queryable, rows: AttendeeRow[]): Promise<TrainingAttendee[]> {
  const classes = await expandClasses(q, [...new Set(rows.map((r) => r.training_class_id))]);
  return rows.flatMap((r) => {
    const cls = classes.get(r.training_class_id);
    return cls ? [presentAttendee(r, cls)] : [];
  });
}

export async function queryAttendees(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  requireOwnCriteria(viewer, query, 'memberID');
  const page = await runQuery<AttendeeRow>(q, attendeeSpec, query, { where: 'a.member_id = $1', params: [viewer.memberId] });
  return { ...page, results: await presentAttendees(q, page.rows) };
}

/**
 * Registers the member in one transaction: the class row is locked first, so two members cannot both take the
 * last seat (the second waits, then counts the first one's seat).
 */
export async function register(db: Db, viewer: Viewer, classId: number): Promise<TrainingAttendee> {
  const row = await db.tx(async (q) => {
    const cls = await findVisibleClass(q, classId, viewer.aorId, true);
    if (!cls) throw notFound('The class');
    if (cls.start_time.getTime() <= Date.now()) throw badRequest(TRAINING_MESSAGES.classStarted);
    if (await findLiveAttendee(q, viewer.memberId, classId)) throw new AppError('CONFLICT', TRAINING_MESSAGES.alreadyRegistered);
    if ((await countTaken(q, classId)) >= cls.capacity) throw new AppError('CONFLICT', TRAINING_MESSAGES.classIsFull);
    return insertAttendee(q, viewer.memberId, classId);
  });
  return (await presentAttendees(db, [row]))[0];
}

export async function unregister(db: Db, viewer: Viewer, attendeeId: number): Promise<TrainingAttendee> {
  const row = await db.tx(async (q) => {
    const own = await findOwnAttendee(q, viewer.memberId, attendeeId);
    if (!own) throw notFound('The registration');
    if (own.unregistered_on) throw new AppError('CONFLICT', TRAINING_MESSAGES.alreadyUnregistered);
    if (own.start_time.getTime() <= Date.now()) throw badRequest(TRAINING_MESSAGES.classStarted);
    return markUnregistered(q, attendeeId);
  });
  return (await presentAttendees(db, [row]))[0];
}

export async function queryClassRequests(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  requireOwnCriteria(viewer, query, 'requestedBy');
  return runQuery<ClassRequestRow>(q, classRequestSpec, query, { where: 'r.requested_by = $1', params: [viewer.memberId] });
}

/** Parsed here (not by the route) so that every problem, the date rules included, comes back as field errors. */
export async function createClassRequest(db: Db, viewer: Viewer, body: unknown): Promise<ClassRequest> {
  const parsed = classRequestSchema.safeParse(body);
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
  const payload = parsed.success ? parsed.data : null;
  const dateTime = (body as Partial<ClassRequestPayload> | null)?.dateTime;
  if (typeof dateTime === 'string' && !errors.some((e) => e.field === 'dateTime')) {
    const problem = requestDateProblem(dateTime, viewer.timeZone);
    if (problem) errors.push({ field: 'dateTime', message: problem });
  }
  if (payload) requireSelf(viewer, payload.requestedBy);
  if (errors.length > 0 || !payload) throw badRequest('The course request is not valid.', errors);
  return db.tx(async (q) => {
    if (!(await topicExists(q, payload.trainingTopicId))) {
      throw badRequest('The course request is not valid.', [{ field: 'trainingTopicId', message: TRAINING_MESSAGES.unknownTopic }]);
    }
    const id = await insertClassRequest(q, {
      requestedBy: viewer.memberId,
      topicId: payload.trainingTopicId,
      comments: payload.comments,
      dateTime: payload.dateTime,
    });
    return presentClassRequest((await findOwnRequest(q, viewer.memberId, id))!);
  });
}

/** Re-reads the request in the write's transaction (the guard read it as the member's own, outside it). */
export async function cancelClassRequest(db: Db, viewer: Viewer, id: number): Promise<ClassRequest> {
  return db.tx(async (q) => {
    if (!(await findOwnRequest(q, viewer.memberId, id))) throw notFound('The course request');
    if (!(await cancelRequest(q, id, TRAINING.cancellableStatuses)))
      throw new AppError('CONFLICT', TRAINING_MESSAGES.cancelOnlyNewOrApproved);
    return presentClassRequest((await findOwnRequest(q, viewer.memberId, id))!);
  });
}
