import {
  AD_FRAME,
  type AdProvider,
  adProviderSchema,
  envelope,
  envelopeSchema,
  type GenericContainer,
  genericContainerSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { publicRoute, scoped } from '../../lib/guard';
import { keptAnswers } from '../../lib/kept-answer';
import { route } from '../../lib/route';
import { AD_FRAME_CSP, AD_FRAME_HTML } from './frame';
import { adProvidersFor, dashboardContainers } from './service';

/** Every association's providers and the sections, kept until their tables change (decision 0998). */
const MAX_ASSOCIATIONS = 1_000;

export async function adsRoutes(app: FastifyInstance): Promise<void> {
  const providers = app.changes.cache<AdProvider[]>('ads', MAX_ASSOCIATIONS);
  const containers = app.changes.cache<GenericContainer[]>('containers', 2);
  // The JSON of each kept list, made once (decision 1188).
  const providersAnswer = keptAnswers<AdProvider[]>();
  const containersAnswer = keptAnswers<GenericContainer[]>();
  route(app, {
    method: 'GET',
    url: '/api/app/GenericAds',
    guard: scoped('ads.read', "ad providers of the member's association"),
    summary: "Ad providers for the member's association with their impressions (templates are rendered only in a sandboxed frame)",
    tags: ['dashboard'],
    response: envelopeSchema(adProviderSchema),
    handler: async ({ viewer, db, reply }) =>
      providersAnswer(reply, await providers.get(String(viewer.aorId), () => adProvidersFor(db, viewer.aorId)), envelope),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/GenericContainers/',
    guard: scoped('dashboard.containers', 'published sections (pending ones for admins)'),
    summary: 'The dashboard sections; sections with status Pending reach admins only',
    tags: ['dashboard'],
    response: envelopeSchema(genericContainerSchema),
    handler: async ({ viewer, db, reply }) =>
      containersAnswer(reply, await containers.get(String(viewer.isAdmin), () => dashboardContainers(db, viewer.isAdmin)), envelope),
  });

  route(app, {
    method: 'GET',
    url: AD_FRAME.path,
    guard: publicRoute,
    summary: 'The sandboxed document ad templates run in (its own CSP lets their scripts run; it serves no ad data)',
    tags: ['dashboard'],
    handler: async ({ reply }) =>
      reply
        .header('content-security-policy', AD_FRAME_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'public, max-age=3600')
        .type('text/html; charset=utf-8')
        .send(AD_FRAME_HTML),
  });
}
