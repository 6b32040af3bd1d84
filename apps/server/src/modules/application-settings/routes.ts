import {
  envelope,
  envelopeSchema,
  officeApplicationSchema,
  officeApplicationWriteSchema,
  officeIdParamSchema,
  SETTINGS_MESSAGES,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';
import { can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { canAdministerOffice, isAdmin, seesOwnApplications } from './policy';
import { officeApplicationsOf, officeInPath, ownOfficeApplications, setOfficeApplication } from './service';

export async function applicationSettingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/OfficeApplications',
    guard: scoped('application-settings.own', "the member's main office", seesOwnApplications, () => forbidden(SETTINGS_MESSAGES.noAccess)),
    summary: "The connected applications of the viewer's main office whose accessLevel is set",
    tags: ['application-settings'],
    response: envelopeSchema(officeApplicationSchema),
    handler: async ({ viewer, db }) => {
      const apps = await ownOfficeApplications(db, viewer);
      if (!apps) return envelope([], SETTINGS_MESSAGES.noApplications);
      return envelope(apps, apps.length ? '' : SETTINGS_MESSAGES.noApplications);
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
    handler: async ({ row: office, db }) => envelope(await officeApplicationsOf(db, office)),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/OfficeApplications',
    // The office and the application are named in the body; who may set it depends on both (checked by setOfficeApplication).
    guard: scoped('application-settings.office.update', 'main offices the member administers or may set as a member'),
    summary: 'Sets a connected application on (1) or off (0) for a main office; 0 means the office opted out',
    tags: ['application-settings'],
    response: envelopeSchema(officeApplicationSchema),
    body: officeApplicationWriteSchema,
    handler: async ({ body, viewer, db }) => envelope([await setOfficeApplication(db, viewer, body)], SETTINGS_MESSAGES.updatedMessage),
  });
}
