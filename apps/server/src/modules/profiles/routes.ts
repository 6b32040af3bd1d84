import { envelope, idParamSchema, profileUpdateSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { findProfileOwner, loadOrCreateProfile, updateProfileBag } from './service';

export async function profilesRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/Profiles/Contact/:id',
    access: 'member',
    gates: { eula: false, passwordUpdate: false },
    summary: "The member's preferences profile (made on first use); a member reads only their own",
    tags: ['profiles'],
    params: idParamSchema,
    handler: async ({ params, viewer, db }) => {
      if (params.id !== viewer.memberId) throw forbidden('You may only read your own preferences.');
      return envelope([await loadOrCreateProfile(db, viewer.memberId)]);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/Profiles/:id',
    access: 'member',
    gates: { eula: false, passwordUpdate: false },
    summary: 'Saves preferences by key and value; a member changes only their own profile',
    tags: ['profiles'],
    params: idParamSchema,
    body: profileUpdateSchema,
    bodyLimit: 512 * 1024,
    handler: async ({ params, body, viewer, db }) => {
      const owner = await findProfileOwner(db, params.id);
      if (owner === null) throw notFound('The profile');
      if (owner !== viewer.memberId) throw forbidden('You may only change your own preferences.');
      return envelope([await updateProfileBag(db, params.id, body.profileBag)]);
    },
  });
}
