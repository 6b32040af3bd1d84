import {
  envelope,
  envelopeSchema,
  launcherApplicationIdParamSchema,
  launcherApplicationSchema,
  launcherApplicationWriteSchema,
  LAUNCHER_APPLICATION_MESSAGES as M,
  noResultsSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { isLauncherStaff } from './policy';
import { presentLauncherApplication } from './presenter';
import {
  createLauncherApplication,
  deleteLauncherApplication,
  type LauncherApplicationWithAudience,
  launcherApplication,
  launcherApplicationById,
  launcherApplications,
  saveLauncherApplication,
  withAudience,
} from './service';

const tags = ['launcher-applications'];

/** MLS staff add, change and delete the launcher's applications (decision 0994). */
export async function launcherApplicationsRoutes(app: FastifyInstance): Promise<void> {
  const present = ({ row, audience }: LauncherApplicationWithAudience, message = '') =>
    envelope([presentLauncherApplication(row, audience)], message);

  route(app, {
    method: 'GET',
    url: '/api/app/LauncherApplications',
    // MLS staff (level 5), every application of the launcher.
    guard: allow('launcher.list', isLauncherStaff),
    summary: 'Every application of the launcher as staff edit it (audience rows left out: read one application for them)',
    tags,
    response: envelopeSchema(launcherApplicationSchema),
    handler: async ({ db }) => envelope((await launcherApplications(db)).map((r) => presentLauncherApplication(r, []))),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/LauncherApplications/:applicationId',
    // MLS staff (level 5), any application.
    guard: can('launcher.read', launcherApplication, undefined, { allow: isLauncherStaff }),
    summary: 'One application of the launcher with its audience rows and whether launches are recorded',
    tags,
    response: envelopeSchema(launcherApplicationSchema),
    params: launcherApplicationIdParamSchema,
    handler: async ({ db, row }) => present(await withAudience(db, row)),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/LauncherApplications',
    // MLS staff (level 5), a new application.
    guard: allow('launcher.create', isLauncherStaff),
    summary: 'Adds an application (a tile) to the launcher with its audience; a short name in use is a 409 on nameShort',
    tags,
    response: envelopeSchema(launcherApplicationSchema),
    body: launcherApplicationWriteSchema,
    bodyLimit: 64 * 1024,
    handler: async ({ db, body }) => present(await launcherApplicationById(db, await createLauncherApplication(db, body)), M.created),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/LauncherApplications/:applicationId',
    // MLS staff (level 5), any application.
    guard: can('launcher.update', launcherApplication, undefined, { allow: isLauncherStaff }),
    summary: 'Changes an application of the launcher; the audience rows sent replace the stored ones',
    tags,
    response: envelopeSchema(launcherApplicationSchema),
    params: launcherApplicationIdParamSchema,
    body: launcherApplicationWriteSchema,
    bodyLimit: 64 * 1024,
    handler: async ({ db, row, body }) => {
      await saveLauncherApplication(db, row.id, body);
      return present(await launcherApplicationById(db, row.id), M.saved);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/LauncherApplications/:applicationId',
    // MLS staff (level 5), an application without recorded launches (else 409).
    guard: can('launcher.delete', launcherApplication, undefined, { allow: isLauncherStaff }),
    summary: 'Deletes an application nobody has launched, with its audience, office opt-outs and sign-on settings',
    tags,
    response: noResultsSchema,
    params: launcherApplicationIdParamSchema,
    handler: async ({ db, row }) => {
      await deleteLauncherApplication(db, row.id);
      return envelope([], M.deleted);
    },
  });
}
