import {
  ADMIN_MESSAGE_TEXTS,
  type AdminMessageValues,
  adminMessageSchema,
  adminScopeOf,
  MEMBER_TYPE_CRITERION_FIELD,
  type MessageAudience,
  type MessageAudienceValues,
  type ParsedQuery,
  userClassesOfMemberTypes,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { cleanHtml } from '../../lib/html-sanitizer';
import { runQuery } from '../../lib/query-engine';
import { publishSystemNotifications } from '../live/index';
import {
  type AdminMessageRow,
  adminMessageSpec,
  audienceNames,
  countAudience,
  deleteAdminMessage,
  findAdminMessage,
  type MemberTypeLookupRow,
  type MessageScope,
  memberTypeCodes,
  memberTypeLookupSpec,
  memberTypeNames,
  type StatusLookupRow,
  statusExists,
  statusSpec,
  updateAdminMessage,
} from './admin-repository';
import { createSystemNotification } from './service';

const T = ADMIN_MESSAGE_TEXTS;

/**
 * The messages an admin administers (decision 0800): an office-scope admin's own office's (the office of their MLS ID,
 * the one their messages go to), the association's own (not its offices'), every message for MLS staff. No office or
 * association to scope by: "No messages criteria found for this user".
 */
export function messageScope(viewer: Viewer): MessageScope {
  const scope = adminScopeOf(viewer);
  if (scope === 'mls') return { where: 'TRUE', params: [] };
  if (scope === 'office' && viewer.officeId) return { where: 'n.office_id = $1', params: [viewer.officeId] };
  if (scope === 'association' && viewer.aorId) return { where: 'n.aor_id = $1 AND n.office_id IS NULL', params: [viewer.aorId] };
  throw forbidden(scope ? T.noMessagesCriteria : undefined);
}

/** `POST SystemNotification/q`'s page: the messages the admin administers, paged, sorted and searched. */
export function searchAdminMessages(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  return runQuery<AdminMessageRow>(q, adminMessageSpec, query, messageScope(viewer));
}

/** `POST memberTypeLookups/q`'s page: member types for addressing a message. */
export function memberTypeLookups(q: Queryable, query: ParsedQuery) {
  return runQuery<MemberTypeLookupRow>(q, memberTypeLookupSpec, query);
}

/** `POST SystemNotificationStatus/q`'s page: message statuses for the message type choice. */
export function statusLookups(q: Queryable, query: ParsedQuery) {
  return runQuery<StatusLookupRow>(q, statusSpec, query);
}

/**
 * The member types a message's criteria name, upper-cased, or null for every type; 400 for a code the table does not
 * hold. Brokers' messages go to their whole office: the form offers them no member type selection.
 */
async function memberTypesOf(q: Queryable, viewer: Viewer, criteria: AdminMessageValues['criteria']): Promise<string[] | null> {
  const codes = criteria.find((c) => c.field.toLowerCase() === MEMBER_TYPE_CRITERION_FIELD.toLowerCase())?.values ?? [];
  if (codes.length > 0) {
    const known = await memberTypeCodes(q);
    if (codes.some((c) => !known.has(c.toUpperCase()))) {
      throw badRequest(T.memberTypeInvalid, [{ field: 'criteria.0.values', message: T.memberTypeInvalid }]);
    }
  }
  return adminScopeOf(viewer) === 'office' || codes.length === 0 ? null : [...new Set(codes.map((c) => c.toUpperCase()))];
}

/** Parses a message as the form sends it; 400 with the seed's field messages, member types checked against the table. */
async function parseMessage(q: Queryable, viewer: Viewer, body: unknown): Promise<AdminMessageValues & { memberTypes: string[] | null }> {
  const values = adminMessageSchema().parse(body);
  if (!(await statusExists(q, values.systemNotificationStatusId))) {
    throw badRequest(T.typeRequired, [{ field: 'systemNotificationStatusId', message: T.typeRequired }]);
  }
  return { ...values, memberTypes: await memberTypesOf(q, viewer, values.criteria) };
}

/**
 * Who a message would reach (decision 1055), by the rules it is read by (`readsMessage` and the association's
 * messages): a new message goes where `createAdminMessage` sends it, an existing one (`id`) where it was sent.
 */
export async function messageAudience(
  q: Queryable,
  viewer: Viewer,
  mlsName: string,
  { criteria, id }: MessageAudienceValues,
): Promise<MessageAudience> {
  const scope = adminScopeOf(viewer);
  if ((scope === 'office' && !viewer.officeId) || (scope === 'association' && !viewer.aorId)) throw forbidden(T.noMessageCriteria);
  const existing = id === undefined ? null : await readAdminMessage(q, viewer, id);
  const aorId = existing ? existing.aor_id : scope === 'mls' ? null : viewer.aorId;
  const officeId = existing ? existing.office_id : scope === 'office' ? viewer.officeId : null;
  // As a save reads them: an office-scope admin's messages go to the whole office, others' to the chosen types.
  const memberTypes = await memberTypesOf(q, viewer, criteria);
  const count = await countAudience(q, { aorId, officeId, types: memberTypes && userClassesOfMemberTypes(memberTypes) });
  const names = await audienceNames(q, aorId, officeId);
  return {
    scope: officeId !== null ? 'office' : aorId !== null ? 'association' : 'mls',
    to: (officeId !== null ? names.office : aorId !== null ? names.aor : mlsName) ?? mlsName,
    memberTypes: memberTypes ? await memberTypeNames(q, memberTypes) : [],
    count,
  };
}

export async function createAdminMessage(db: Db, viewer: Viewer, body: unknown): Promise<AdminMessageRow> {
  const scope = adminScopeOf(viewer);
  if ((scope === 'office' && !viewer.officeId) || (scope === 'association' && !viewer.aorId)) throw forbidden(T.noMessageCriteria);
  return db.tx(async (q) => {
    const v = await parseMessage(q, viewer, body);
    // Exactly what the form says: "This message goes only to your office" (the office of the writer's MLS ID).
    const officeId = scope === 'office' ? viewer.officeId : null;
    const id = await createSystemNotification(q, {
      title: v.title,
      message: v.message,
      position: v.position,
      url: v.url,
      statusId: v.systemNotificationStatusId,
      aorId: scope === 'mls' ? null : viewer.aorId,
      officeId,
      memberTypes: v.memberTypes,
      createdByMemberId: viewer.memberId,
      source: v.source,
      isPublished: v.show,
      createdOn: new Date(),
      expiresOn: new Date(v.expirationDate),
    });
    return (await findAdminMessage(q, id, messageScope(viewer)))!;
  });
}

/** The guards' row (admin-routes.ts): a message the admin administers; 404 for any other, whether or not it exists. */
export const administeredMessage = rowLoader<AdminMessageRow, { params: { id: number } }>(
  'message the admin administers',
  notFound('The message').message,
  ({ db, viewer, params }) => findAdminMessage(db, params.id, messageScope(viewer)),
);

export async function readAdminMessage(q: Queryable, viewer: Viewer, id: number): Promise<AdminMessageRow> {
  const row = await findAdminMessage(q, id, messageScope(viewer));
  if (!row) throw notFound('The message');
  return row;
}

export async function changeAdminMessage(db: Db, viewer: Viewer, id: number, body: unknown): Promise<AdminMessageRow> {
  const scope = messageScope(viewer);
  return db.tx(async (q) => {
    await readAdminMessage(q, viewer, id);
    const v = await parseMessage(q, viewer, body);
    await updateAdminMessage(q, id, {
      title: v.title,
      // Plain text (no HTML allowed), stored escaped like every system message (createSystemNotification does the same).
      message: cleanHtml(v.message),
      url: v.url,
      expiresOn: new Date(v.expirationDate),
      statusId: v.systemNotificationStatusId,
      position: v.position,
      source: v.source,
      isPublished: v.show,
      memberTypes: v.memberTypes,
    });
    await publishSystemNotifications(q);
    return (await findAdminMessage(q, id, scope))!;
  });
}

export async function removeAdminMessage(db: Db, viewer: Viewer, id: number): Promise<void> {
  await db.tx(async (q) => {
    await readAdminMessage(q, viewer, id);
    await deleteAdminMessage(q, id);
    await publishSystemNotifications(q);
  });
}
