import { articleAdminScope, articleAudience, type Viewer } from '@portico/shared';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/index';
import { notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { cleanHtml } from '../../lib/html-sanitizer';
import { findManagedArticle } from './admin-repository';
import {
  type ArticleRow,
  findLiveArticle,
  insertArticle,
  listCategories,
  type NewArticle,
  promotedArticles,
  searchArticles,
} from './repository';

export const articlesFor = (q: Queryable, viewer: Viewer, text: string) => searchArticles(q, articleAudience(viewer), text);
/** How long one audience's promoted articles are answered from memory (decision 0102). */
const PROMOTED_TTL_MS = 30_000;

/**
 * Promoted articles by audience, each audience's kept in memory for 30 s: every member of an association (every
 * broker of an office) loads the same list with each dashboard. One cache per app instance.
 */
export function promotedArticlesCache() {
  const answers = new LRUCache<string, ArticleRow[]>({ max: 1_000, ttl: PROMOTED_TTL_MS });
  return async (q: Queryable, viewer: Viewer): Promise<ArticleRow[]> => {
    const audience = articleAudience(viewer);
    const key = JSON.stringify(audience);
    let rows = answers.get(key);
    if (!rows) {
      rows = await promotedArticles(q, audience);
      answers.set(key, rows);
    }
    return rows;
  };
}

/**
 * One article: live ones of the member's audience, and for those who manage articles (seed 002's Articles tab, whose
 * `GET api/app/article/{id}/expanded` is this same route) every article of their scope, whatever its status or expiry.
 */
async function findReadableArticle(q: Queryable, viewer: Viewer, id: number) {
  const scope = articleAdminScope(viewer);
  return (await findLiveArticle(q, articleAudience(viewer), id)) ?? (scope ? await findManagedArticle(q, scope, id) : null);
}

/** The guard's row (routes.ts): an article the member may read; 404 otherwise, whether or not it exists. */
export const readableArticle = rowLoader<NonNullable<Awaited<ReturnType<typeof findReadableArticle>>>, { params: { articleId: number } }>(
  'article the member reads or manages',
  notFound('The article').message,
  ({ db, viewer, params }) => findReadableArticle(db, viewer, params.articleId),
);

/** `GET api/app/ArticlesCategory/`: every article category (id, name), by name. */
export function articleCategories(q: Queryable): Promise<Array<{ id: number; name: string }>> {
  return listCategories(q);
}

/**
 * Every article is written through here: content is sanitised before it reaches the database. The ad
 * template is third-party HTML kept as it is; it only ever runs inside a sandboxed frame.
 */
export async function createArticle(q: Queryable, article: NewArticle): Promise<number> {
  return insertArticle(q, { ...article, content: cleanHtml(article.content), summary: article.summary.slice(0, 1000) });
}
