import type { IncomingHttpHeaders } from 'node:http';
import multipart from '@fastify/multipart';
import {
  envelope,
  envelopeSchema,
  fileOperationResultSchema,
  fileOperationSchema,
  fileQuerySchema,
  id,
  MEDIA,
  MEDIA_MESSAGES,
  mediaEntrySchema,
  mediaPathSchema,
  mediaTokenQuerySchema,
  mediaTokenSchema,
  text,
} from '@portico/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { fileLinks } from '../../lib/file-links';
import { can, publicRoute, rowLoader } from '../../lib/guard';
import { route } from '../../lib/route';
import { isFileInLiveArticle } from '../articles/index';
import { createMediaStorage } from './create-storage';
import { containerFor, mayUseMedia } from './policy';
import { publicUrl, withSignedUrls } from './presenter';
import { fileOperation, fileToSend, MAX_UPLOAD, uploadFiles } from './service';
import { createStore, type MediaStore } from './store';
import { mediaTokens } from './token';

const tags = ['media'];
const uploadQuerySchema = z.object({ container: fileQuerySchema.shape.container, path: mediaPathSchema });
/** A served file can never run as a page of the portal: no scripts, its own sandbox, its declared type only. */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

async function send(
  reply: FastifyReply,
  store: MediaStore,
  file: Awaited<ReturnType<typeof fileToSend>>,
  attachment: boolean,
  cache: string,
) {
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-security-policy', FILE_CSP)
    .header('cache-control', cache);
  if (attachment) reply.header('content-disposition', `attachment; filename="${file.name}"`);
  return reply.send(await store.read(file.at));
}

/** The media manager's calls (seed 002 section 7) and the public address of article files. Decision 0821. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MAX_UPLOAD, throwFileSizeLimit: false });
  const store = createStore(createMediaStorage(app.config));
  const tokens = mediaTokens();

  /** The container the member may work in (their association's; MLS staff any), as asked in the query. */
  const workableContainer = rowLoader<string, { query: { container?: string } }>(
    'container the member may work in',
    MEDIA_MESSAGES.containerDenied,
    ({ db, viewer, query }) => containerFor(db, viewer, query.container),
  );
  /** The container of the member's own media token (x-file-token): 401 without a valid one, 403 for another's. */
  const heldContainer = (from: 'body' | 'query') =>
    rowLoader<string, { body: { container?: string }; query: { container?: string }; headers: IncomingHttpHeaders }>(
      `container of the member's media token (${from})`,
      MEDIA_MESSAGES.containerDenied,
      async ({ db, viewer, headers, ...input }) => {
        const container = input[from].container ?? '';
        const holder = await tokens.verify(db, headers[MEDIA.tokenHeader] as string | undefined, container);
        if (holder !== viewer.memberId) throw forbidden();
        return container;
      },
    );

  route(app, {
    method: 'GET',
    url: '/api/app/Token',
    guard: can('media.token', workableContainer, undefined, { allow: mayUseMedia }),
    summary: "A media token (15 minutes) for a container: the member's association's `articles/{aorId}`; MLS staff may name any",
    tags,
    query: mediaTokenQuerySchema,
    response: envelopeSchema(mediaTokenSchema),
    handler: async ({ db, viewer, row: container }) => {
      await store.ensureContainer(container);
      return envelope([await tokens.issue(db, viewer.memberId, container)]);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/FileOperations',
    guard: can('media.files', heldContainer('body'), undefined, { allow: mayUseMedia }),
    summary:
      'read, create (folder), rename, delete or details in a container; needs the media token of that container (x-file-token); ' +
      'rename and delete: MLS staff and the association’s staff anything, others only what they added',
    tags,
    body: fileOperationSchema,
    response: envelopeSchema(fileOperationResultSchema),
    handler: async ({ db, viewer, body }) => {
      const result = withSignedUrls(await fileOperation(store, { db, viewer }, body), await fileLinks(db));
      return envelope(result ? [result] : [], body.action === 'delete' ? 'Deleted' : '');
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/FileUpload',
    guard: can('media.upload', heldContainer('query'), undefined, { allow: mayUseMedia }),
    summary: 'Upload files (multipart field uploadFiles) into a folder of a container: images and documents up to 5 MB each',
    tags,
    query: uploadQuerySchema,
    response: envelopeSchema(mediaEntrySchema),
    handler: async ({ db, viewer, query, req, reply }) => {
      if (!req.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
      const files = await uploadFiles(store, { db, viewer }, query.container, query.path, req.files());
      const links = await fileLinks(db);
      reply.code(201);
      return envelope(files.map((f) => withSignedUrls(f, links)));
    },
  });

  // An image element and a download link carry no bearer: these two take the media token as ?token=.
  const tokenFiles = [
    {
      url: '/api/app/FileGetImage',
      what: "An image of a container for the media manager's previews",
      imagesOnly: true,
      cache: 'private, max-age=60',
    },
    { url: '/api/app/FileDownload', what: 'A file of a container as an attachment', imagesOnly: false, cache: 'private, no-store' },
  ];
  for (const file of tokenFiles) {
    route(app, {
      method: 'GET',
      url: file.url,
      // The media token of the container in ?token= is the caller's right (verified by the handler).
      guard: publicRoute,
      summary: `${file.what}; needs the media token of the container as ?token=`,
      tags,
      query: fileQuerySchema,
      handler: async ({ db, query, reply }) => {
        await tokens.verify(db, query.token, query.container);
        const found = await fileToSend(store, query.container, query.path, file.imagesOnly);
        return send(reply, store, found, !file.imagesOnly, file.cache);
      },
    });
  }

  // Published images load from their stable address; everything else needs the signature the portal put on it.
  const published = new LRUCache<string, true>({ max: 5000, ttl: 60_000 });
  route(app, {
    method: 'GET',
    url: `${MEDIA.publicPrefix}/articles/:aorId/*`,
    // Live articles' images to anyone; any other file only with the signature the portal put on its address.
    guard: publicRoute,
    summary:
      'An article file as browsers load it: images of live articles (carousel and body) to anyone; any other file with a ' +
      'signed address (?sig=) the portal gave a member who may see it; 404 otherwise',
    tags,
    params: z.object({ aorId: id(), '*': text(1000) }),
    query: z.object({ sig: z.string().max(200).optional() }),
    handler: async ({ params, query, db, reply }) => {
      const container = `articles/${params.aorId}`;
      const file = await fileToSend(store, container, `/${params['*']}`, false);
      const signed = (await fileLinks(db)).verify(container, file.at.rel, query.sig);
      if (!signed) {
        const address = publicUrl(container, file.at.rel);
        // The same answer as for a missing file: an address tells nothing about what is not published.
        if (!file.isImage) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.notFound);
        if (!published.has(address)) {
          if (!(await isFileInLiveArticle(db, address))) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.notFound);
          published.set(address, true);
        }
      }
      return send(reply, store, file, !file.isImage, signed ? 'private, max-age=3600' : 'public, max-age=300');
    },
  });
}
