import { ARTICLE_STATUSES, type ArticleAdminScope } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';
import { ARTICLE_CONTENT_SELECT, type ArticleContentRow, SUMMARY_COLUMNS } from './repository';

/** The Articles tab's grid (`POST api/app/article/q`): fields the query engine may filter and sort on. */
export const ADMIN_ARTICLES: ResourceSpec = {
  from: 'articles a JOIN article_categories c ON c.id = a.article_category_id',
  select: SUMMARY_COLUMNS,
  fields: {
    id: { sql: 'a.id', type: 'number' },
    title: { sql: 'a.title', type: 'text' },
    byline: { sql: 'a.byline', type: 'text' },
    status: { sql: 'a.status', type: 'text', values: ARTICLE_STATUSES },
    articleCategoryId: { sql: 'a.article_category_id', type: 'number' },
    articleCategory: { sql: 'c.name', type: 'text' },
    createdOn: { sql: 'a.created_on', type: 'date' },
    createdByName: { sql: 'a.created_by_name', type: 'text' },
    publishOn: { sql: 'a.publish_on', type: 'date' },
    expiresOn: { sql: 'a.expires_on', type: 'date' },
    promoteOn: { sql: 'a.promote_on', type: 'date' },
    promoteEnd: { sql: 'a.promote_end', type: 'date' },
  },
  defaultOrder: 'a.created_on DESC, a.id DESC',
};

/** The articles a scope manages, as a WHERE fragment whose parameters start at `$1`: a firm's are its offices'. */
export function scopeWhere(scope: ArticleAdminScope): { where: string; params: unknown[] } {
  if (scope.kind === 'office') {
    return {
      where: 'a.office_id IN (SELECT id FROM offices WHERE office_code = $1 OR main_office_code = $1)',
      params: [scope.mainOfficeCode],
    };
  }
  if (scope.kind === 'association') return { where: 'a.aor_id = $1', params: [scope.aorId] };
  return { where: 'TRUE', params: [] };
}

export interface ManagedArticleRow extends ArticleContentRow {
  office_id: number | null;
  aor_id: number | null;
}

/** One article of the scope (any status, expired or not); locked for the transaction when `forUpdate`. */
export async function findManagedArticle(q: Queryable, scope: ArticleAdminScope, id: number, forUpdate = false) {
  const { where, params } = scopeWhere(scope);
  return q.one<ManagedArticleRow>(
    `${ARTICLE_CONTENT_SELECT.replace('SELECT ', 'SELECT a.office_id, a.aor_id, ')}
     WHERE ${where} AND a.id = $${params.length + 1}${forUpdate ? ' FOR UPDATE OF a' : ''}`,
    [...params, id],
  );
}

export async function categoryExists(q: Queryable, id: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM article_categories WHERE id = $1', [id]));
}

export async function memberName(q: Queryable, memberId: number): Promise<string> {
  const row = await q.one<{ name: string }>("SELECT trim(first_name || ' ' || last_name) AS name FROM members WHERE id = $1", [memberId]);
  return row?.name ?? '';
}

export interface ArticleChanges {
  title: string;
  byline: string;
  summary: string;
  imageUrl: string | null;
  content: string;
  publishOn: Date;
  expiresOn: Date;
  promoteOn: Date | null;
  promoteEnd: Date | null;
}

/** Writes clean content only (admin-service cleans it); rendered_content follows content as on insert. */
export async function updateArticleRow(q: Queryable, id: number, c: ArticleChanges): Promise<void> {
  await q.query(
    `UPDATE articles SET title = $2, byline = $3, summary = $4, image_url = $5, content = $6, rendered_content = $6,
       publish_on = $7, expires_on = $8, promote_on = $9, promote_end = $10, modified_on = now()
     WHERE id = $1`,
    [id, c.title, c.byline, c.summary, c.imageUrl, c.content, c.publishOn, c.expiresOn, c.promoteOn, c.promoteEnd],
  );
}

export async function deleteArticleRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM articles WHERE id = $1', [id]);
}
