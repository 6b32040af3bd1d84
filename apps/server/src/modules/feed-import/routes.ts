import {
  envelope,
  envelopeSchema,
  FEED_IMPORT_MAX_BYTES,
  FEED_IMPORT_MESSAGES,
  feedImportParamsSchema,
  feedImportSchema,
  feedImportUploadQuerySchema,
  feedRunsQuerySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { decodeUpload } from './parse';
import { isFeedImportStaff } from './policy';
import { feedImport, feedImportRefusals, readImport, recentImports, refusedRows, startApply, uploadImport } from './service';

const tags = ['feed'];

/**
 * CSV imports of members or offices, the feed's fallback (decision 0987): upload (answers the preview), read (with
 * the apply's progress), apply. MLS staff at level 5 only.
 */
export async function feedImportRoutes(app: FastifyInstance): Promise<void> {
  const mail = { publicUrl: app.config.publicUrl, mailer: app.mailer };

  // The upload's own scope: whatever its content type, the body is read as the CSV's bytes (at most
  // FEED_IMPORT_MAX_BYTES), so a file that is no CSV gets the import's 400, never a JSON parser's answer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit nothing more is kept: the file is refused as too large whatever follows.
        if (size <= FEED_IMPORT_MAX_BYTES) chunks.push(chunk);
      });
      payload.on('error', (error) => done(error, undefined));
      payload.on('end', () => {
        try {
          if (size > FEED_IMPORT_MAX_BYTES)
            throw badRequest(FEED_IMPORT_MESSAGES.tooLarge, [{ field: 'file', message: FEED_IMPORT_MESSAGES.tooLarge }]);
          done(null, decodeUpload(Buffer.concat(chunks)));
        } catch (error) {
          done(error as Error, undefined);
        }
      });
    });

    route(scope, {
      method: 'POST',
      url: '/api/app/Feed/Imports',
      guard: allow('feed.imports.upload', isFeedImportStaff),
      summary: 'Uploads a CSV of members or offices (RESO names as headers, the body as text/csv) and answers its preview',
      tags,
      response: envelopeSchema(feedImportSchema),
      query: feedImportUploadQuerySchema,
      body: z.unknown(),
      describeBody: z.string().meta({ description: 'The CSV file (text/csv, UTF-8), its header row RESO names' }),
      bodyLimit: FEED_IMPORT_MAX_BYTES + 1024,
      handler: async ({ db, query, body, principal }) => envelope([await uploadImport(db, query, body, principal?.accountId ?? null)]),
    });
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Feed/Imports',
    guard: allow('feed.imports.list', isFeedImportStaff),
    summary: 'The CSV imports, newest first',
    tags,
    response: envelopeSchema(feedImportSchema),
    query: feedRunsQuerySchema,
    handler: async ({ db, query }) => envelope(await recentImports(db, query.limit)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Feed/Imports/:id',
    guard: can('feed.imports.read', feedImport, undefined, { allow: isFeedImportStaff }),
    summary: "A CSV import's preview, status and, while it is applied, its progress",
    tags,
    response: envelopeSchema(feedImportSchema),
    params: feedImportParamsSchema,
    handler: async ({ db, row }) => envelope([readImport(db, row)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Feed/Imports/:id/Refused',
    guard: can('feed.imports.refused', feedImportRefusals, undefined, { allow: isFeedImportStaff }),
    summary: "The rows an import refused as a CSV (the file's headers, and a last column saying why) to fix and import again",
    tags,
    params: feedImportParamsSchema,
    handler: async ({ row, reply }) => {
      const refused = refusedRows(row);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${refused.fileName}"`)
        .header('cache-control', 'no-store')
        .send(refused.csv);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Feed/Imports/:id/Apply',
    guard: can('feed.imports.apply', feedImport, undefined, { allow: isFeedImportStaff }),
    summary: 'Applies a previewed CSV import in one transaction (in the background: read the import for its progress)',
    tags,
    response: envelopeSchema(feedImportSchema),
    params: feedImportParamsSchema,
    bodyLimit: 1024,
    handler: async ({ db, row }) => envelope([await startApply(db, row.id, { mail })], FEED_IMPORT_MESSAGES.applying),
  });
}
