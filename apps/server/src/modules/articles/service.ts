import { articleAudience, type Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { notFound } from '../../lib/errors';
import { cleanHtml } from '../../lib/html-sanitizer';
import { findLiveArticle, insertArticle, type NewArticle, promotedArticles, searchArticles } from './repository';

export const articlesFor = (q: Queryable, viewer: Viewer, text: string) => searchArticles(q, articleAudience(viewer), text);
export const promotedFor = (q: Queryable, viewer: Viewer) => promotedArticles(q, articleAudience(viewer));

export async function readArticle(q: Queryable, viewer: Viewer, id: number) {
  const row = await findLiveArticle(q, articleAudience(viewer), id);
  if (!row) throw notFound('The article');
  return row;
}

/**
 * Every article is written through here: content is sanitised before it reaches the database. The ad
 * template is third-party HTML kept as it is; it only ever runs inside a sandboxed frame.
 */
export async function createArticle(q: Queryable, article: NewArticle): Promise<number> {
  return insertArticle(q, { ...article, content: cleanHtml(article.content), summary: article.summary.slice(0, 1000) });
}
