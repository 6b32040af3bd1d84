import {
  CERTIFICATE_MAX_BYTES,
  certificateQueueQuerySchema,
  certificateRejectionSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  TRAINING_IMPORT_MESSAGES as M,
  outsideCertificateSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { allow, can, member } from '../../lib/guard';
import { route } from '../../lib/route';
import { createMediaStorage } from '../media/index';
import {
  approveCertificate,
  canDecideCertificate,
  certificateFile,
  certificateOfPath,
  myCertificates,
  readCertificateQueue,
  rejectCertificate,
  submitCertificate,
} from './certificates';
import { mayManageRequirements } from './policy';

const tags = ['training-requirements'];
/** A served file never runs as a page of the portal (as media's files: decision 0976). */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Outside certificates members submit and staff approve or reject (decision 1150). */
export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const storage = createMediaStorage(app.config);
  const zone = app.config.mlsTimeZone;

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingCertificates',
    guard: member,
    summary: 'Submits an outside certificate (multipart: field `certificate` JSON, then `file`, a PDF or an image of 10 MB at most)',
    tags,
    response: envelopeSchema(outsideCertificateSchema),
    handler: async ({ db, viewer, req, reply }) => {
      if (!req.isMultipart()) throw badRequest(M.sendAsMultipart, [{ field: 'certificate', message: M.sendAsMultipart }]);
      const parts = req.parts({ limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 1 } });
      const saved = await submitCertificate(db, storage, viewer, parts, zone);
      reply.code(201);
      return envelope([saved], M.submitted);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingCertificates/Mine',
    guard: member,
    summary: 'The outside certificates the member submitted, with their status and any reason',
    tags,
    response: envelopeSchema(outsideCertificateSchema),
    handler: async ({ db, viewer }) => envelope(await myCertificates(db, viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingCertificates',
    guard: allow('training-requirements.certificates.queue', mayManageRequirements),
    summary: 'The certificates to review (status, default pending) of the staff member’s members: their association’s, or all',
    tags,
    query: certificateQueueQuerySchema,
    response: envelopeSchema(outsideCertificateSchema),
    handler: async ({ db, viewer, query }) => envelope(await readCertificateQueue(db, viewer, query.status)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingCertificates/:id/File',
    guard: can('training-requirements.certificates.file', certificateOfPath),
    summary: 'The certificate’s file, to the member who sent it and to the staff who decide it',
    tags,
    params: idParamSchema,
    handler: async ({ row, reply }) => {
      const body = await certificateFile(storage, row);
      reply
        .header('content-type', row.content_type)
        .header('content-length', row.size_bytes)
        .header('content-security-policy', FILE_CSP)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${row.file_name}"`);
      return reply.send(body);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingCertificates/:id/Approve',
    guard: can('training-requirements.certificates.approve', certificateOfPath, canDecideCertificate, { allow: mayManageRequirements }),
    summary: 'Approves a certificate: it becomes a completion, holds follow at once, the member is notified and mailed',
    tags,
    params: idParamSchema,
    bodyLimit: 1024,
    response: envelopeSchema(outsideCertificateSchema),
    handler: async ({ db, viewer, row }) => {
      const saved = await approveCertificate(db, app.mailer, viewer, row.id, zone);
      return envelope([saved], M.approved(saved.courseName));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingCertificates/:id/Reject',
    guard: can('training-requirements.certificates.reject', certificateOfPath, canDecideCertificate, { allow: mayManageRequirements }),
    summary: 'Rejects a certificate with a reason the member reads (notified and mailed)',
    tags,
    params: idParamSchema,
    body: certificateRejectionSchema,
    response: envelopeSchema(outsideCertificateSchema),
    handler: async ({ db, viewer, row, body }) =>
      envelope([await rejectCertificate(db, app.mailer, viewer, row.id, body.reason)], M.rejected),
  });
}
