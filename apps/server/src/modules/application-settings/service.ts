import { type OfficeApplication, type officeApplicationWriteSchema, SETTINGS_MESSAGES, type Viewer } from '@portico/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { findOffice } from '../directory/index';
import { canAdministerOffice, canToggleAsMember } from './policy';
import { presentOfficeApplication } from './presenter';
import { findConnectedApplication, mainOfficeIdOf, officeApplications, upsertOfficeApplication } from './repository';

export type OfficeRow = NonNullable<Awaited<ReturnType<typeof findOffice>>>;

/** The guards' row (routes.ts): the office named by the path (whether the member administers it is the predicate). */
export const officeInPath = rowLoader<OfficeRow, { params: { officeId: number } }>(
  'office (officeId)',
  notFound('The office').message,
  ({ db, params }) => findOffice(db, params.officeId),
);

const isMain = (office: { officeCode: string; mainOfficeCode: string | null }) =>
  !office.mainOfficeCode || office.mainOfficeCode === office.officeCode;

/**
 * `GET api/app/OfficeApplications`: the connected applications of the viewer's main office whose accessLevel is set,
 * each editable when the viewer administers the office or may switch it as a member; null without a main office.
 */
export async function ownOfficeApplications(db: Db, viewer: Viewer): Promise<OfficeApplication[] | null> {
  const code = viewer.mainOfficeCode ?? viewer.officeCode;
  const main = code ? await mainOfficeIdOf(db, code) : null;
  if (!main) return null;
  const office = (await findOffice(db, main.id))!;
  const rows = (await officeApplications(db, main.id)).filter((r) => r.access_level > 0);
  return rows.map((r) =>
    presentOfficeApplication(r, main.id, canAdministerOffice(viewer, office) || canToggleAsMember(viewer, office, r.access_level)),
  );
}

/** `GET api/app/OfficeApplications/{officeId}`: the connected applications of one office, editable when it is a main office. */
export async function officeApplicationsOf(db: Db, office: OfficeRow): Promise<OfficeApplication[]> {
  return (await officeApplications(db, office.id)).map((r) => presentOfficeApplication(r, office.id, isMain(office)));
}

/**
 * `PUT api/app/OfficeApplications`: switches a connected application on or off for a main office the viewer
 * administers (or may switch as a member), in one transaction; answers the setting as saved.
 */
export async function setOfficeApplication(
  db: Db,
  viewer: Viewer,
  body: z.output<typeof officeApplicationWriteSchema>,
): Promise<OfficeApplication> {
  const office = await findOffice(db, body.officeId);
  if (!office) throw badRequest('The office is not valid.', [{ field: 'officeId', message: 'Unknown office' }]);
  const application = await findConnectedApplication(db, body.applicationId);
  if (!application?.is_connected) {
    throw badRequest('The application is not valid.', [{ field: 'applicationId', message: 'Not a connected application' }]);
  }
  const allowed = canAdministerOffice(viewer, office) || canToggleAsMember(viewer, office, application.access_level);
  if (!allowed) throw forbidden('You may not change application access for that office.');
  if (!isMain(office))
    throw badRequest(SETTINGS_MESSAGES.onlyMainOffice, [{ field: 'officeId', message: SETTINGS_MESSAGES.onlyMainOffice }]);
  await db.tx((q) => upsertOfficeApplication(q, office.id, application.id, body.accessControl, viewer.memberId));
  const saved = (await officeApplications(db, office.id)).find((r) => r.id === application.id)!;
  return presentOfficeApplication(saved, office.id, true);
}
