import {
  articleCategorySchema,
  articleIdParamSchema,
  articleSchema,
  articleSearchQuerySchema,
  articleSummarySchema,
  envelope,
  envelopeSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { fileLinks } from '../../lib/file-links';
import { can, member, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { articlesAdminRoutes } from './admin-routes';
import { presentArticle, presentArticleSummary } from './presenter';
import { articleCategories, articlesFor, promotedArticlesCache, readableArticle } from './service';

export async function articlesRoutes(app: FastifyInstance): Promise<void> {
  const promotedFor = promotedArticlesCache();

  route(app, {
    method: 'GET',
    url: '/api/app/Articles/promoted',
    guard: scoped('articles.read', "live articles of the member's audience"),
    summary:
      "Promoted articles of the member's audience (office for brokers, association for others), now between promoteOn and promoteEnd",
    tags: ['articles'],
    response: envelopeSchema(articleSummarySchema),
    handler: async ({ viewer, db }) => {
      const links = await fileLinks(db);
      return envelope((await promotedFor(db, viewer)).map((r) => presentArticleSummary(r, links)));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Articles/Search',
    guard: scoped('articles.read', "live articles of the member's audience"),
    summary: "Published, unexpired articles of the member's audience whose title, summary, byline or category contains q",
    tags: ['articles'],
    query: articleSearchQuerySchema,
    response: envelopeSchema(articleSummarySchema),
    handler: async ({ query, viewer, db }) => {
      const links = await fileLinks(db);
      return envelope((await articlesFor(db, viewer, query.q)).map((r) => presentArticleSummary(r, links)));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Article/:articleId/expanded/',
    guard: can('articles.read', readableArticle),
    summary:
      'One article with its sanitised content and article ad, as results[0] (also `api/app/article/{id}/expanded` of the Articles tab: any article the member manages); 404 otherwise',
    tags: ['articles'],
    params: articleIdParamSchema,
    response: envelopeSchema(articleSchema),
    handler: async ({ row, db }) => envelope([presentArticle(row, await fileLinks(db))]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/ArticlesCategory/',
    guard: member,
    summary: 'Article categories (id, name)',
    tags: ['articles'],
    response: envelopeSchema(articleCategorySchema),
    handler: async ({ db }) => envelope(await articleCategories(db)),
  });

  await articlesAdminRoutes(app);
}
