import { type ArticleSummary, articleAudience, articleIdParamSchema, articleSearchQuerySchema, envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { route } from '../../lib/route';
import { presentArticle, presentArticleSummary } from './presenter';
import { listCategories } from './repository';
import { articlesFor, promotedFor, readArticle } from './service';

/** How long one audience's promoted articles are answered from memory (decision 0102). */
const PROMOTED_TTL_MS = 30_000;

export async function articlesRoutes(app: FastifyInstance): Promise<void> {
  // Every member of an association (every broker of an office) loads the same promoted articles with each dashboard.
  const promoted = new LRUCache<string, ArticleSummary[]>({ max: 1_000, ttl: PROMOTED_TTL_MS });

  route(app, {
    method: 'GET',
    url: '/api/app/Articles/promoted',
    access: 'member',
    summary:
      "Promoted articles of the member's audience (office for brokers, association for others), now between promoteOn and promoteEnd",
    tags: ['articles'],
    handler: async ({ viewer, db }) => {
      const key = JSON.stringify(articleAudience(viewer));
      let list = promoted.get(key);
      if (!list) {
        list = (await promotedFor(db, viewer)).map(presentArticleSummary);
        promoted.set(key, list);
      }
      return envelope(list);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Articles/Search',
    access: 'member',
    summary: "Published, unexpired articles of the member's audience whose title, summary, byline or category contains q",
    tags: ['articles'],
    query: articleSearchQuerySchema,
    handler: async ({ query, viewer, db }) => envelope((await articlesFor(db, viewer, query.q)).map(presentArticleSummary)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Article/:articleId/expanded/',
    access: 'member',
    summary: 'One article with its sanitised content and article ad, as results[0]; 404 when not readable by the member',
    tags: ['articles'],
    params: articleIdParamSchema,
    handler: async ({ params, viewer, db }) => envelope([presentArticle(await readArticle(db, viewer, params.articleId))]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/ArticlesCategory/',
    access: 'member',
    summary: 'Article categories (id, name)',
    tags: ['articles'],
    handler: async ({ db }) => envelope(await listCategories(db)),
  });
}
