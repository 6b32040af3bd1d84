import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { menuOf } from './service';

export async function menusRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/DynamicMenus/',
    access: 'member',
    gates: { eula: false, passwordUpdate: false },
    summary: 'The menu list of the signed-in member, sorted by viewOrder',
    tags: ['menus'],
    handler: async ({ viewer, db }) => envelope(await menuOf(db, viewer)),
  });
}
