import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { findAdProviders, findContainers } from './repository';

export async function adsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/GenericAds',
    access: 'member',
    summary: "Ad providers for the member's association with their impressions (templates are rendered only in a sandboxed frame)",
    tags: ['dashboard'],
    handler: async ({ viewer, db }) => envelope(await findAdProviders(db, viewer.aorId)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/GenericContainers/',
    access: 'member',
    summary: 'The dashboard sections; sections with status Pending reach admins only',
    tags: ['dashboard'],
    handler: async ({ viewer, db }) => envelope(await findContainers(db, viewer.isAdmin)),
  });
}
