import { envelope, envelopeSchema, idParamSchema, profileSchema, profileUpdateSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';
import { can } from '../../lib/guard';
import { route } from '../../lib/route';
import { isOwnProfile } from './policy';
import { loadOrCreateProfile, profileInPath, profileOfMemberInPath, updateProfileBag } from './service';

export async function profilesRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/Profiles/Contact/:id',
    guard: can('profiles.read', profileOfMemberInPath, isOwnProfile, {
      refuse: () => forbidden('You may only read your own preferences.'),
    }),
    gates: { eula: false, passwordUpdate: false },
    summary: "The member's preferences profile (made on first use); a member reads only their own",
    tags: ['profiles'],
    response: envelopeSchema(profileSchema),
    params: idParamSchema,
    handler: async ({ row, db }) => envelope([await loadOrCreateProfile(db, row.memberId)]),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/Profiles/:id',
    guard: can('profiles.update', profileInPath, isOwnProfile, { refuse: () => forbidden('You may only change your own preferences.') }),
    gates: { eula: false, passwordUpdate: false },
    summary: 'Saves preferences by key and value; a member changes only their own profile',
    tags: ['profiles'],
    response: envelopeSchema(profileSchema),
    params: idParamSchema,
    body: profileUpdateSchema,
    bodyLimit: 512 * 1024,
    handler: async ({ row, body, db }) => envelope([await updateProfileBag(db, row.id, body.profileBag)]),
  });
}
