import {
  envelope,
  envelopeSchema,
  idParamSchema,
  REGISTERED_MESSAGES as M,
  type ParsedQuery,
  pageSizeField,
  promoteResultSchema,
  querySchema,
  REGISTERED,
  registeredListingSchema,
  registeredListingViewSchema,
  registeredListRowSchema,
  statusChangeSchema,
  type Viewer,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { forbidden } from '../../lib/errors';
import { allow, can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { mayPromote, mayRegister } from './policy';
import { promoteListing } from './promote';
import { changeStatus, createListing, presentVisible, searchListings, searchListRows, updateListingById, visibleListing } from './service';

const tags = ['registered'];
const listingBody = z.object({}).passthrough();
const bulkQuerySchema = querySchema.extend({
  pageSize: pageSizeField(REGISTERED.bulkFetchSize, REGISTERED.bulkFetchSize),
});

/** A page of the list; its message says so when more listings match than are counted. */
async function searchAnswer(search: typeof searchListings | typeof searchListRows, db: Db, viewer: Viewer, body: ParsedQuery) {
  const { rows, totalResults, totalPages, isCountCapped } = await search(db, viewer, body);
  return envelope<unknown>(rows, isCountCapped ? M.countCapped(totalResults) : '', { totalResults, totalPages });
}

/** Seed 001 section 7. Every call is scoped to the listings the member may see (policy.ts). */
export async function registeredRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/Registration/search/',
    guard: scoped('registered.search', 'listings the member sees'),
    summary: 'Paged, filtered and sorted registered listings the member may see',
    tags,
    body: querySchema,
    response: envelopeSchema(registeredListRowSchema),
    handler: ({ db, viewer, body }) => searchAnswer(searchListRows, db, viewer, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Registration/q',
    guard: scoped('registered.search', 'listings the member sees'),
    summary: 'Bulk query of registered listings (page size up to 10000)',
    tags,
    body: bulkQuerySchema,
    response: envelopeSchema(registeredListingViewSchema),
    handler: ({ db, viewer, body }) => searchAnswer(searchListings, db, viewer, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Registration/:id',
    guard: can('registered.read', visibleListing),
    summary: 'One registered listing (404 when it does not exist or is not visible)',
    tags,
    params: idParamSchema,
    response: envelopeSchema(registeredListingViewSchema),
    handler: async ({ viewer, row }) => envelope([presentVisible(viewer, row)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Registration',
    guard: allow('registered.create', mayRegister),
    summary: 'Register a listing; it gets standardStatus A and a listing id starting with AA',
    tags,
    body: listingBody,
    describeBody: registeredListingSchema,
    response: envelopeSchema(registeredListingViewSchema),
    handler: async ({ db, viewer, body, reply }) => {
      const listing = await createListing(db, viewer, body, app.config.mlsTimeZone);
      reply.code(201);
      return envelope([listing], M.created(listing.listingId));
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/Registration/:id',
    guard: can('registered.update', visibleListing),
    summary: 'Update a registered listing; `version` must be the one loaded (409 otherwise)',
    tags,
    params: idParamSchema,
    body: listingBody,
    describeBody: registeredListingSchema,
    response: envelopeSchema(registeredListingViewSchema),
    handler: async ({ db, viewer, row, body }) =>
      envelope([await updateListingById(db, viewer, row.listing.id, body, app.config.mlsTimeZone)], M.updated),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/Registration/status/:id',
    guard: can('registered.changeStatus', visibleListing),
    summary: 'Change the status: Z deletes, K expires, C cancels (cancellationDate not later than today)',
    tags,
    params: idParamSchema,
    body: listingBody,
    describeBody: statusChangeSchema,
    response: envelopeSchema(registeredListingViewSchema),
    handler: async ({ db, viewer, row, body }) => {
      const listing = await changeStatus(db, viewer, row.listing.id, body);
      if (!listing) return envelope([], M.deleted);
      return envelope([listing], listing.standardStatus === 'K' ? M.expired : M.cancelled);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Registration/promote/:id',
    guard: can('registered.sendToMls', visibleListing, undefined, { allow: mayPromote, refuse: () => forbidden(M.cannotSendToMls) }),
    summary: 'Send to MLS: an Incomplete MLS listing with a new MLS listing id, in one transaction; irreversible',
    tags,
    params: idParamSchema,
    response: envelopeSchema(promoteResultSchema),
    handler: async ({ db, viewer, row }) => {
      const result = await promoteListing(db, viewer, row.listing.id);
      return envelope([result], M.sent(result.promotedMlsId));
    },
  });
}
