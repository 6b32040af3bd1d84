import {
  type ArticleAdminScope,
  type ArticleDates,
  articleAdminScope,
  articleCreateSchema,
  articleTarget,
  articleUpdateSchema,
  defaultArticleCategory,
  htmlHasContent,
  ARTICLE_ADMIN_MESSAGES as M,
  newArticleCriteria,
  type ParsedQuery,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { stripFileSignatures } from '../../lib/file-links';
import { rowLoader } from '../../lib/guard';
import { cleanHtml } from '../../lib/html-sanitizer';
import { runQuery } from '../../lib/query-engine';
import { officeIdByCode } from '../directory/index';
import {
  ADMIN_ARTICLES,
  categoryExists,
  deleteArticleRow,
  findManagedArticle,
  type ManagedArticleRow,
  memberName,
  scopeWhere,
  updateArticleRow,
} from './admin-repository';
import type { ArticleRow } from './repository';
import { createArticle } from './service';

/** The articles the member manages; 403 with the seed's text when the member has no article criteria. */
export function managedScope(viewer: Viewer): ArticleAdminScope {
  const scope = articleAdminScope(viewer);
  if (!scope) throw forbidden(M.noArticlesCriteria);
  return scope;
}

export const searchManagedArticles = (db: Db, viewer: Viewer, query: ParsedQuery) =>
  runQuery<ArticleRow>(db, ADMIN_ARTICLES, query, scopeWhere(managedScope(viewer)));

/** The guard's row (admin-routes.ts): an article the member manages, any status; 404 otherwise. */
export const managedArticle = rowLoader<ManagedArticleRow, { params: { articleId: number } }>(
  'article the member manages',
  notFound('The article').message,
  ({ db, viewer, params }) => findManagedArticle(db, managedScope(viewer), params.articleId),
);

export async function getManagedArticle(q: Queryable, viewer: Viewer, id: number, forUpdate = false): Promise<ManagedArticleRow> {
  const row = await findManagedArticle(q, managedScope(viewer), id, forUpdate);
  if (!row) throw notFound('The article');
  return row;
}

/** The plain-text summary members' article cards show, taken from the body. */
function summaryOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** The body as stored: cleaned, and still a body once the cleaner has dropped what it may not keep. */
function cleanedBody(html: string): string {
  // Files are kept at their stable address: a signed one (as the editor was given it) is stored without its signature.
  const content = stripFileSignatures(cleanHtml(html));
  if (!htmlHasContent(content)) throw new AppError('BAD_REQUEST', M.bodyRequired, [{ field: 'content', message: M.bodyRequired }]);
  return content;
}

const dates = (form: ArticleDates) => ({
  publishOn: new Date(form.publishOn as string),
  expiresOn: new Date(form.expiresOn as string),
  promoteOn: form.promoteOn ? new Date(form.promoteOn) : null,
  promoteEnd: form.promoteEnd ? new Date(form.promoteEnd) : null,
});

/** `POST api/app/article/`: Approved, in the firm's main office or the association, category 1 (brokers) or 10. */
export async function createManagedArticle(db: Db, viewer: Viewer, body: unknown): Promise<number> {
  const target = articleTarget(viewer);
  if (!target) throw forbidden(M.noArticleCriteria);
  const form = articleCreateSchema().parse(body);
  const criteria = JSON.stringify(newArticleCriteria(viewer));
  if (form.criteria && form.criteria !== criteria) throw forbidden(M.criteriaMismatch);
  const categoryId = form.articleCategoryId ?? defaultArticleCategory(viewer);
  return db.tx(async (q) => {
    if (!(await categoryExists(q, categoryId)))
      throw badRequest(M.categoryUnknown, [{ field: 'articleCategoryId', message: M.categoryUnknown }]);
    const officeId = target.officeCode ? await officeIdByCode(q, target.officeCode) : null;
    if (target.officeCode && !officeId) throw forbidden(M.noArticleCriteria);
    const name = await memberName(q, viewer.memberId);
    const content = cleanedBody(form.content);
    return createArticle(q, {
      title: form.title,
      summary: summaryOf(content),
      byline: form.byline,
      imageUrl: form.imageUrl && stripFileSignatures(form.imageUrl),
      authorPhotoUrl: null,
      categoryId,
      authorDisplayName: form.byline || name,
      content,
      status: form.status,
      ...dates(form),
      createdByName: name,
      officeId,
      aorId: target.aorId,
      adTemplate: null,
      adIsScript: false,
      sourceId: form.sourceId ?? null,
      templateId: form.templateId ?? null,
      criteria,
      createdByMemberId: viewer.memberId,
    });
  });
}

/** `PUT api/app/article/{id}`: the editable fields; an unchanged date may stay in the past. */
export async function updateManagedArticle(db: Db, viewer: Viewer, id: number, body: unknown): Promise<number> {
  return db.tx(async (q) => {
    const row = await getManagedArticle(q, viewer, id, true);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const stored = {
      publishOn: iso(row.publish_on),
      expiresOn: iso(row.expires_on),
      promoteOn: iso(row.promote_on),
      promoteEnd: iso(row.promote_end),
    };
    const form = articleUpdateSchema({ stored }).parse(body);
    const content = cleanedBody(form.content);
    await updateArticleRow(q, id, {
      title: form.title,
      byline: form.byline,
      summary: summaryOf(content),
      imageUrl: form.imageUrl && stripFileSignatures(form.imageUrl),
      content,
      ...dates(form),
    });
    return id;
  });
}

export async function deleteManagedArticle(db: Db, viewer: Viewer, id: number): Promise<void> {
  await db.tx(async (q) => {
    await getManagedArticle(q, viewer, id, true);
    await deleteArticleRow(q, id);
  });
}
