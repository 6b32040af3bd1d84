import {
  envelope,
  launcherApplicationIdParamSchema,
  launcherApplicationWriteSchema,
  LAUNCHER_APPLICATION_MESSAGES as M,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { audienceRules } from '../sso/index';
import { launcherStaff } from './policy';
import { presentLauncherApplication } from './presenter';
import { findLauncherApplication, listLauncherApplications } from './repository';
import { createLauncherApplication, deleteLauncherApplication, saveLauncherApplication } from './service';

const tags = ['launcher-applications'];

/** MLS staff add, change and delete the launcher's applications (decision 0994). */
export async function launcherApplicationsRoutes(app: FastifyInstance): Promise<void> {
  const answer = async (db: Db, applicationId: number, message = '') => {
    const row = await findLauncherApplication(db, applicationId);
    if (!row) throw notFound('The application');
    return envelope([presentLauncherApplication(row, await audienceRules(db, applicationId))], message);
  };

  route(app, {
    method: 'GET',
    url: '/api/app/LauncherApplications',
    // MLS staff (level 5), every application of the launcher.
    access: launcherStaff,
    summary: 'Every application of the launcher as staff edit it (audience rows left out: read one application for them)',
    tags,
    handler: async ({ db }) => envelope((await listLauncherApplications(db)).map((r) => presentLauncherApplication(r, []))),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/LauncherApplications/:applicationId',
    // MLS staff (level 5), any application.
    access: launcherStaff,
    summary: 'One application of the launcher with its audience rows and whether launches are recorded',
    tags,
    params: launcherApplicationIdParamSchema,
    handler: async ({ db, params }) => answer(db, params.applicationId),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/LauncherApplications',
    // MLS staff (level 5), a new application.
    access: launcherStaff,
    summary: 'Adds an application (a tile) to the launcher with its audience; a short name in use is a 409 on nameShort',
    tags,
    body: launcherApplicationWriteSchema,
    bodyLimit: 64 * 1024,
    handler: async ({ db, body }) => answer(db, await createLauncherApplication(db, body), M.created),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/LauncherApplications/:applicationId',
    // MLS staff (level 5), any application.
    access: launcherStaff,
    summary: 'Changes an application of the launcher; the audience rows sent replace the stored ones',
    tags,
    params: launcherApplicationIdParamSchema,
    body: launcherApplicationWriteSchema,
    bodyLimit: 64 * 1024,
    handler: async ({ db, params, body }) => {
      await saveLauncherApplication(db, params.applicationId, body);
      return answer(db, params.applicationId, M.saved);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/LauncherApplications/:applicationId',
    // MLS staff (level 5), an application without recorded launches (else 409).
    access: launcherStaff,
    summary: 'Deletes an application nobody has launched, with its audience, office opt-outs and sign-on settings',
    tags,
    params: launcherApplicationIdParamSchema,
    handler: async ({ db, params }) => {
      await deleteLauncherApplication(db, params.applicationId);
      return envelope([], M.deleted);
    },
  });
}
