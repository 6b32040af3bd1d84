import { envelope, idParamSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { accessRules } from './service';

export async function accessControlsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/MemberAccessControls/:id',
    access: 'member',
    summary: "A member's access control rules (their own, or any for MLS admins)",
    tags: ['access-controls'],
    params: idParamSchema,
    handler: async ({ params, viewer, db }) => envelope(await accessRules(db, viewer, 'member', params.id)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/OfficeAccessControls/:id',
    access: 'member',
    summary: "An office's access control rules (own office, or any for MLS admins)",
    tags: ['access-controls'],
    params: idParamSchema,
    handler: async ({ params, viewer, db }) => envelope(await accessRules(db, viewer, 'office', params.id)),
  });
}
