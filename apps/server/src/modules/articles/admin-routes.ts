import {
  articleCreateShape,
  articleIdParamSchema,
  articleSchema,
  articleSummarySchema,
  articleUpdateShape,
  canManageArticles,
  envelope,
  envelopeSchema,
  ARTICLE_ADMIN_MESSAGES as M,
  noResultsSchema,
  querySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileLinks } from '../../lib/file-links';
import { allow, can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import {
  createManagedArticle,
  deleteManagedArticle,
  getManagedArticle,
  managedArticle,
  searchManagedArticles,
  updateManagedArticle,
} from './admin-service';
import { presentArticle, presentArticleSummary } from './presenter';

const tags = ['articles'];
/** Brokers (their firm), association staff (association) and MLS staff (all); agents and GSMLS users get 403. */
const manage = (action: string) => can(action, managedArticle, undefined, { allow: canManageArticles });
const formBody = z.object({}).passthrough();

/** The Articles tab of the Broker Center / AOR Center (seed 002 section 7). Reading one article: routes.ts. */
export async function articlesAdminRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/article/q',
    guard: scoped('articles.manage', 'articles the member manages', canManageArticles),
    summary: 'Paged, filtered and sorted articles the member manages (any status), newest first',
    tags,
    body: querySchema,
    response: envelopeSchema(articleSummarySchema),
    handler: async ({ db, viewer, body }) => {
      const { rows, totalResults, totalPages } = await searchManagedArticles(db, viewer, body);
      const links = await fileLinks(db);
      return envelope(
        rows.map((r) => presentArticleSummary(r, links)),
        '',
        { totalResults, totalPages },
      );
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/article/',
    guard: allow('articles.create', canManageArticles),
    summary: "Create an Approved article in the firm's main office (office scope) or the association; category 1 for brokers, 10 otherwise",
    tags,
    body: formBody,
    describeBody: articleCreateShape,
    response: envelopeSchema(articleSchema),
    handler: async ({ db, viewer, body, reply }) => {
      const id = await createManagedArticle(db, viewer, body);
      reply.code(201);
      return envelope([presentArticle(await getManagedArticle(db, viewer, id), await fileLinks(db))], M.created);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/article/:articleId',
    guard: manage('articles.update'),
    summary: 'Update the editable fields of an article the member manages',
    tags,
    params: articleIdParamSchema,
    body: formBody,
    describeBody: articleUpdateShape,
    response: envelopeSchema(articleSchema),
    handler: async ({ db, viewer, row, body }) => {
      await updateManagedArticle(db, viewer, row.id, body);
      return envelope([presentArticle(await getManagedArticle(db, viewer, row.id), await fileLinks(db))], M.updated);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/Article/:articleId',
    guard: manage('articles.delete'),
    summary: 'Delete an article the member manages',
    tags,
    params: articleIdParamSchema,
    response: noResultsSchema,
    handler: async ({ db, viewer, row }) => {
      await deleteManagedArticle(db, viewer, row.id);
      return envelope([], M.deleted);
    },
  });
}
