import { type FieldError, type LauncherApplicationInput, LAUNCHER_APPLICATION_MESSAGES as M } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { type AudienceRuleRow, audienceRules } from '../sso/index';
import {
  applicationOfNameShort,
  deleteApplication,
  existingAssociations,
  existingMainOffices,
  findLauncherApplication,
  insertApplication,
  type LauncherApplicationRow,
  listLauncherApplications,
  lockApplication,
  replaceAudience,
  updateApplication,
} from './repository';

/** The guards' row (routes.ts): an application of the launcher (staff reach every one). */
export const launcherApplication = rowLoader<LauncherApplicationRow, { params: { applicationId: number } }>(
  'application of the launcher',
  notFound('The application').message,
  ({ db, params }) => findLauncherApplication(db, params.applicationId),
);

/** An application of the launcher with its audience rows (kept by the sso module): what one answer presents. */
export interface LauncherApplicationWithAudience {
  row: LauncherApplicationRow;
  audience: AudienceRuleRow[];
}

/** `GET api/app/LauncherApplications`: every application of the launcher (audience rows left out). */
export function launcherApplications(q: Queryable): Promise<LauncherApplicationRow[]> {
  return listLauncherApplications(q);
}

/** The application the guard read, with its audience rows. */
export async function withAudience(q: Queryable, row: LauncherApplicationRow): Promise<LauncherApplicationWithAudience> {
  return { row, audience: await audienceRules(q, row.id) };
}

/** An application of the launcher with its audience rows, read again after a write; 404 when it is gone. */
export async function launcherApplicationById(q: Queryable, applicationId: number): Promise<LauncherApplicationWithAudience> {
  const row = await findLauncherApplication(q, applicationId);
  if (!row) throw notFound('The application');
  return withAudience(q, row);
}

/**
 * What zod cannot know: the short name is free (letter case aside; a 409 on the field), and every audience row names
 * an association and a main office that exist (a 400 on the row's field).
 */
async function checkInput(q: Queryable, input: LauncherApplicationInput, applicationId: number | null): Promise<void> {
  const owner = await applicationOfNameShort(q, input.nameShort);
  if (owner !== null && owner !== applicationId)
    throw new AppError('CONFLICT', M.nameShortTaken, [{ field: 'nameShort', message: M.nameShortTaken }]);
  const aors = await existingAssociations(
    q,
    input.audience.flatMap((r) => (r.aorId === null ? [] : [r.aorId])),
  );
  const offices = await existingMainOffices(
    q,
    input.audience.flatMap((r) => (r.mainOfficeCode === null ? [] : [r.mainOfficeCode])),
  );
  const errors: FieldError[] = [];
  input.audience.forEach((r, i) => {
    if (r.aorId !== null && !aors.has(r.aorId)) errors.push({ field: `audience.${i}.aorId`, message: M.unknownAssociation });
    if (r.mainOfficeCode !== null && !offices.has(r.mainOfficeCode))
      errors.push({ field: `audience.${i}.mainOfficeCode`, message: M.unknownOffice });
  });
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

/** Adds an application to the launcher with its audience, in one transaction; answers its id. */
export function createLauncherApplication(db: Db, input: LauncherApplicationInput): Promise<number> {
  return db.tx(async (q) => {
    await checkInput(q, input, null);
    const applicationId = await insertApplication(q, input);
    await replaceAudience(q, applicationId, input.audience);
    return applicationId;
  });
}

export async function saveLauncherApplication(db: Db, applicationId: number, input: LauncherApplicationInput): Promise<void> {
  await db.tx(async (q) => {
    if (!(await findLauncherApplication(q, applicationId))) throw notFound('The application');
    await checkInput(q, input, applicationId);
    await updateApplication(q, applicationId, input);
    await replaceAudience(q, applicationId, input.audience);
  });
}

/**
 * Deletes an application nobody has launched (decision 0994): with launches recorded it is refused (409), so that the
 * usage figures never count launches of an application that no longer exists.
 */
export async function deleteLauncherApplication(db: Db, applicationId: number): Promise<void> {
  await db.tx(async (q) => {
    await lockApplication(q, applicationId);
    const row = await findLauncherApplication(q, applicationId);
    if (!row) throw notFound('The application');
    if (row.has_launches) throw new AppError('CONFLICT', M.hasLaunches);
    await deleteApplication(q, applicationId);
  });
}
