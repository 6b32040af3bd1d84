import { DISCLOSURE, EXEMPTION_MESSAGES as E, envelope, envelopeSchema, idParamSchema, registeredListingViewSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { can } from '../../lib/guard';
import { route } from '../../lib/route';
import { createMediaStorage } from '../media/index';
import { disclosureToSend, fileDisclosure } from './disclosure-service';
import { visibleListing } from './service';

const tags = ['registered'];
/** A served disclosure never runs as a page of the portal (as media's files: decision 0976). */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The seller disclosure of a registered listing (issue 29 section 2, decision 1050), kept through the media storage.
 * Both calls are scoped as every registered call is: a listing the member may not see answers 404.
 */
export async function disclosureRoutes(app: FastifyInstance): Promise<void> {
  const storage = createMediaStorage(app.config);

  route(app, {
    method: 'POST',
    url: '/api/app/Registration/:id/Disclosure',
    guard: can('registered.disclosure.file', visibleListing),
    summary: 'File the seller disclosure (multipart field `disclosure`): a PDF or an image by its content, at most 10 MB',
    tags,
    params: idParamSchema,
    response: envelopeSchema(registeredListingViewSchema),
    handler: async ({ db, viewer, row, req, reply }) => {
      if (!req.isMultipart()) throw badRequest(E.sendAsMultipart, [{ field: DISCLOSURE.field, message: E.sendAsMultipart }]);
      const listing = await fileDisclosure(db, storage, viewer, row.listing, () =>
        req.file({ limits: { fileSize: DISCLOSURE.maxBytes, files: 1 }, throwFileSizeLimit: false }),
      );
      reply.code(201);
      return envelope([listing], E.disclosureUploaded);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Registration/:id/Disclosure',
    guard: can('registered.disclosure.read', visibleListing),
    summary: 'Download the seller disclosure of a listing the member may see (staff, the listing’s agents and office)',
    tags,
    params: idParamSchema,
    handler: async ({ row, reply }) => {
      const file = await disclosureToSend(storage, row.listing);
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-security-policy', FILE_CSP)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.body);
    },
  });
}
