import { envelope, envelopeSchema, kpiSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { canSeeKpis } from './policy';
import { executeAllKpis } from './service';
import { kpiRefreshJob } from './snapshots';

export async function kpisRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/KpiDefinition/ExecuteAll',
    guard: scoped('kpis.read', "the member's association's figures", canSeeKpis),
    summary: "Market statistics of the member's association: each KPI's measure and change against the previous 30 days",
    tags: ['dashboard'],
    response: envelopeSchema(kpiSchema),
    handler: async ({ viewer, db }) => {
      if (viewer.aorId === null) return envelope([]);
      return envelope(await executeAllKpis(db, viewer.aorId));
    },
  });
  app.jobs.define(kpiRefreshJob);
}
