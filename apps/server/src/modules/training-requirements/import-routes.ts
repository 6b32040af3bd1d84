import {
  completionImportResultSchema,
  completionImportSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  TRAINING_IMPORT_LIMITS as L,
  TRAINING_IMPORT_MESSAGES as M,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { applyCompletionImport, previewCompletionImport } from './completion-import';
import { narExportCsv } from './nar-export';
import { mayManageRequirements } from './policy';
import { requirementOfPath } from './service';

const tags = ['training-requirements'];
const bodyLimit = L.maxChars * 4 + 4_096;

/**
 * Outside completions by CSV import (preview, then apply) and the NAR ethics export (decision 1150). Association staff
 * import and export their association's members; MLS staff every member.
 */
export async function trainingImportRoutes(app: FastifyInstance): Promise<void> {
  const zone = app.config.mlsTimeZone;

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingCompletions/Imports/Preview',
    guard: allow('training-requirements.import.preview', mayManageRequirements),
    summary: 'Judges each row of a CSV of outside completions (new, duplicate, or an error with its reason); writes nothing',
    tags,
    body: completionImportSchema,
    bodyLimit,
    response: envelopeSchema(completionImportResultSchema),
    handler: async ({ db, viewer, body }) => {
      const preview = await previewCompletionImport(db, viewer, body, zone);
      return envelope([preview], M.previewed(preview.counts.new));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingCompletions/Imports/Apply',
    guard: allow('training-requirements.import.apply', mayManageRequirements),
    summary: 'Records the new rows of a CSV of outside completions in one transaction (twice records nothing); lifts met holds',
    tags,
    body: completionImportSchema,
    bodyLimit,
    response: envelopeSchema(completionImportResultSchema),
    handler: async ({ db, viewer, body }) => {
      const applied = await applyCompletionImport(db, viewer, body, zone);
      return envelope([applied], M.recorded(applied.recorded ?? 0));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingRequirements/:id/NarExport',
    guard: can('training-requirements.nar-export', requirementOfPath, undefined, { allow: mayManageRequirements }),
    summary: 'The completions that count toward a cycle requirement, as the CSV for NAR’s database (NRDS ID, course, cycle, member code)',
    tags,
    params: idParamSchema,
    handler: async ({ db, viewer, row, reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="nar-export-${row.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(await narExportCsv(db, viewer, row, zone)),
  });
}
