import { envelope, envelopeSchema, menuItemSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { menuOf } from './service';

export async function menusRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/DynamicMenus/',
    guard: scoped('menus.read', "menus of the member's level and flags"),
    gates: { eula: false, passwordUpdate: false },
    summary: 'The menu list of the signed-in member, sorted by viewOrder',
    tags: ['menus'],
    response: envelopeSchema(menuItemSchema),
    handler: async ({ viewer, db }) => envelope(await menuOf(db, viewer)),
  });
}
