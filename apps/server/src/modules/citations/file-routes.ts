import {
  citationFileParamSchema,
  citationSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  CITATION_LIMITS as L,
  CITATION_MESSAGES as M,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { can } from '../../lib/guard';
import { route } from '../../lib/route';
import { createMediaStorage } from '../media/index';
import { attachFile, fileToSend } from './file-service';
import { readCitation, visibleCitation } from './service';

const tags = ['citations'];
/** A served file never runs as a page of the portal (as media's files: decision 0976). */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** A citation's evidence and the member's files, through the media storage (decision 1100). */
export async function citationFileRoutes(app: FastifyInstance): Promise<void> {
  const storage = createMediaStorage(app.config);
  const zone = app.config.mlsTimeZone;

  route(app, {
    method: 'POST',
    url: '/api/app/Citations/:id/Files',
    guard: can('citations.files.add', visibleCitation),
    summary: 'Attach a file (multipart field `file`, a PDF or an image, at most 10 MB): staff evidence, or the cited member’s',
    tags,
    params: idParamSchema,
    response: envelopeSchema(citationSchema),
    handler: async ({ db, viewer, row, req, reply }) => {
      if (!req.isMultipart()) throw badRequest(M.sendAsMultipart, [{ field: 'file', message: M.sendAsMultipart }]);
      await attachFile(db, storage, viewer, row, () =>
        req.file({ limits: { fileSize: L.maxFileBytes, files: 1 }, throwFileSizeLimit: false }),
      );
      reply.code(201);
      return envelope([await readCitation(db, viewer, zone, row)]);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Citations/:id/Files/:fileId',
    guard: can('citations.files.read', visibleCitation),
    summary: 'Download a file of a citation the member may see',
    tags,
    params: citationFileParamSchema,
    handler: async ({ db, row, params, reply }) => {
      const { file, body } = await fileToSend(db, storage, row, params.fileId);
      reply
        .header('content-type', file.content_type)
        .header('content-length', file.size_bytes)
        .header('content-security-policy', FILE_CSP)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.file_name}"`);
      return reply.send(body);
    },
  });
}
