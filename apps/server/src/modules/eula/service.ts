import {
  eulaSignatureMatches,
  EULA_MESSAGES as M,
  type notificationAcknowledgementSchema,
  type publishEulaSchema,
  type Viewer,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { cleanHtml } from '../../lib/html-sanitizer';
import { presentEula } from './presenter';
import { currentEula, currentEulaFor, eulaExists, insertVersion, memberName, recordAcceptance } from './repository';

/** The guards' row (routes.ts): a published EULA version, named by its id (MLS staff see every one). */
export const publishedEula = rowLoader<{ id: number }, { params: { id: number } }>(
  'published EULA version',
  notFound('The agreement').message,
  async ({ db, params }) => ((await eulaExists(db, params.id)) ? { id: params.id } : null),
);

/**
 * `POST api/app/NotificationAcknowledgement` of type "eula": the member accepts the current agreement by typing
 * their own name (letter case and extra spaces ignored). Accepting an older version is refused: a newer one was
 * published meanwhile and must be read first.
 */
export async function acknowledgeEula(db: Db, viewer: Viewer, body: z.output<typeof notificationAcknowledgementSchema>) {
  if (body.type.toLowerCase() !== 'eula') throw badRequest(M.onlyEula, [{ field: 'type', message: M.onlyEula }]);
  if (body.loginId.toLowerCase() !== viewer.loginId.toLowerCase()) throw forbidden(M.notYours);
  return db.tx(async (q) => {
    const current = await currentEula(q);
    if (!current) throw notFound('The agreement');
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
