import {
  envelope,
  envelopeSchema,
  officeApplicationSchema,
  officeApplicationWriteSchema,
  officeIdParamSchema,
  SETTINGS_MESSAGES,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors';
import { can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { findOffice } from '../directory/index';
import { canAdministerOffice, canToggleAsMember, isAdmin, seesOwnApplications } from './policy';
import { findConnectedApplication, mainOfficeIdOf, officeApplications, upsertOfficeApplication } from './repository';
import { officeInPath } from './service';

const isMain = (office: { officeCode: string; mainOfficeCode: string | null }) =>
  !office.mainOfficeCode || office.mainOfficeCode === office.officeCode;

export async function applicationSettingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/OfficeApplications',
    guard: scoped('application-settings.own', "the member's main office", seesOwnApplications, () => forbidden(SETTINGS_MESSAGES.noAccess)),
    summary: "The connected applications of the viewer's main office whose accessLevel is set",
    tags: ['application-settings'],
    response: envelopeSchema(officeApplicationSchema),
    handler: async ({ viewer, db }) => {
      const code = viewer.mainOfficeCode ?? viewer.officeCode;
      const main = code ? await mainOfficeIdOf(db, code) : null;
      if (!main) return envelope([], SETTINGS_MESSAGES.noApplications);
      const office = (await findOffice(db, main.id))!;
      const apps = (await officeApplications(db, main.id)).filter((a) => a.accessLevel > 0);
      return envelope(
        apps.map((a) => ({
          ...a,
          isEditable: canAdministerOffice(viewer, office) || canToggleAsMember(viewer, office, a.accessLevel),
          officeId: main.id,
        })),
        apps.length ? '' : SETTINGS_MESSAGES.noApplications,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/OfficeApplications/:officeId',
    guard: can('application-settings.office.read', officeInPath, canAdministerOffice, {
      allow: isAdmin,
      refuse: () => forbidden('That office is outside your scope.'),
    }),
    summary: 'The connected applications of one main office, for MLS, association and office admins in scope',
    tags: ['application-settings'],
    response: envelopeSchema(officeApplicationSchema),
    params: officeIdParamSchema,
    handler: async ({ row: office, db }) => {
      return envelope((await officeApplications(db, office.id)).map((a) => ({ ...a, isEditable: isMain(office), officeId: office.id })));
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/OfficeApplications',
    // The office and the application are named in the body; who may set it depends on both (checked in the handler).
    guard: scoped('application-settings.office.update', 'main offices the member administers or may set as a member'),
    summary: 'Sets a connected application on (1) or off (0) for a main office; 0 means the office opted out',
    tags: ['application-settings'],
    response: envelopeSchema(officeApplicationSchema),
    body: officeApplicationWriteSchema,
    handler: async ({ body, viewer, db }) => {
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
      const saved = (await officeApplications(db, office.id)).find((a) => a.applicationId === application.id)!;
      return envelope([{ ...saved, isEditable: true, officeId: office.id }], SETTINGS_MESSAGES.updatedMessage);
    },
  });
}
