import {
  eulaSignatureMatches,
  EULA_MESSAGES as M,
  type notificationAcknowledgementSchema,
  type ParsedQuery,
  type publishEulaSchema,
  type Viewer,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { cleanHtml } from '../../lib/html-sanitizer';
import { runQuery } from '../../lib/query-engine';
import { presentEula } from './presenter';
import {
  ACCEPTANCE_SPEC,
  type AcceptanceRow,
  currentEula,
  currentEulaFor,
  type EulaRow,
  eulaExists,
  insertVersion,
  lastAcceptedEula,
  listVersions,
  memberName,
  recordAcceptance,
} from './repository';

/** The guards' row (routes.ts): a published EULA version, named by its id (MLS staff see every one). */
export const publishedEula = rowLoader<{ id: number }, { params: { id: number } }>(
  'published EULA version',
  notFound('The agreement').message,
  async ({ db, params }) => ((await eulaExists(db, params.id)) ? { id: params.id } : null),
);

/** The agreement read, or a 404 when none is published. */
function agreement(row: EulaRow | null): EulaRow {
  if (!row) throw notFound('The agreement');
  return row;
}

/** `GET api/app/Eula/Current`: the current agreement with the member's acceptance of it (404 when none is published). */
export async function currentAgreementOf(q: Queryable, memberId: number): Promise<EulaRow> {
  return agreement(await currentEulaFor(q, memberId));
}

/** `GET api/app/Eula/GetUserEula`: the agreement the member accepted last, else the current one unsigned (404 when none). */
export async function agreementOfMember(q: Queryable, memberId: number): Promise<EulaRow> {
  return agreement((await lastAcceptedEula(q, memberId)) ?? (await currentEulaFor(q, memberId)));
}

/** `GET api/app/Eula`: every published version, newest first, with how many members accepted it. */
export function eulaVersions(q: Queryable) {
  return listVersions(q);
}

/** `POST api/app/Eula/{id}/Acceptances/q`: one page of who accepted version `eulaId`, as the query asks. */
export function acceptancesOf(q: Queryable, eulaId: number, query: ParsedQuery) {
  return runQuery<AcceptanceRow>(q, ACCEPTANCE_SPEC, query, { where: 'a.eula_id = $1', params: [eulaId] });
}

/**
 * `POST api/app/NotificationAcknowledgement` of type "eula": the member accepts the current agreement by typing
 * their own name (letter case and extra spaces ignored). Accepting an older version is refused: a newer one was
 * published meanwhile and must be read first.
 */
export async function acknowledgeEula(db: Db, viewer: Viewer, body: z.output<typeof notificationAcknowledgementSchema>) {
  if (body.type.toLowerCase() !== 'eula') throw badRequest(M.onlyEula, [{ field: 'type', message: M.onlyEula }]);
  if (body.loginId.toLowerCase() !== viewer.loginId.toLowerCase()) throw forbidden(M.notYours);
  return db.tx(async (q) => {
    const current = agreement(await currentEula(q));
    if (current.id !== body.licenseId) throw new AppError('CONFLICT', M.notCurrent, [{ field: 'licenseId', message: M.notCurrent }]);
    const member = await memberName(q, viewer.memberId);
    if (!member || !eulaSignatureMatches(body.name, member.first_name, member.last_name))
      throw badRequest(M.nameMismatch, [{ field: 'name', message: M.nameMismatch }]);
    await recordAcceptance(q, viewer.memberId, current.id, body.name.trim().replace(/\s+/g, ' '));
    return presentEula((await currentEulaFor(q, viewer.memberId))!);
  });
}

/** Publishes a new version; from now on every member is asked to accept it at their next visit. */
export async function publishEula(db: Db, viewer: Viewer, body: z.output<typeof publishEulaSchema>) {
  const html = cleanHtml(body.content);
  if (!html.replace(/<[^>]*>/g, '').trim()) throw badRequest(M.contentRequired, [{ field: 'content', message: M.contentRequired }]);
  return db.tx(async (q) => presentEula(await insertVersion(q, body.name, html, viewer.memberId)));
}
