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
import type { Db } from '../../db/index';
import { notFound } from '../../lib/errors';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { audienceRules } from '../sso/index';
import { isLauncherStaff } from './policy';
import { presentLauncherApplication } from './presenter';
import { findLauncherApplication, type LauncherApplicationRow, listLauncherApplications } from './repository';
import { createLauncherApplication, deleteLauncherApplication, launcherApplication, saveLauncherApplication } from './service';

const tags = ['launcher-applications'];

/** MLS staff add, change and delete the launcher's applications (decision 0994). */
export async function launcherApplicationsRoutes(app: FastifyInstance): Promise<void> {
  const present = async (db: Db, row: LauncherApplicationRow, message = '') =>
    envelope([presentLauncherApplication(row, await audienceRules(db, row.id))], message);
  const answer = async (db: Db, applicationId: number, message = '') => {
    const row = await findLauncherApplication(db, applicationId);
    if (!row) throw notFound('The application');
    return present(db, row, message);
  };

  route(app, {
    method: 'GET',
    url: '/api/app/LauncherApplications',
    // MLS staff (level 5), every application of the launcher.
    guard: allow('launcher.list', isLauncherStaff),
    summary: 'Every application of the launcher as staff edit it (audience rows left out: read one application for them)',
    tags,
    response: envelopeSchema(launcherApplicationSchema),
    handler: async ({ db }) => envelope((await listLauncherApplications(db)).map((r) => presentLauncherApplication(r, []))),
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
    handler: async ({ db, row }) => present(db, row),
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
    handler: async ({ db, body }) => answer(db, await createLauncherApplication(db, body), M.created),
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
      return answer(db, row.id, M.saved);
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
