import type { ArticleAudience, ArticleStatus } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { containsPattern } from '../../lib/like';

export interface ArticleRow {
  id: number;
  title: string;
  summary: string;
  byline: string;
  image_url: string | null;
  author_photo_url: string | null;
  article_category_id: number;
  category_name: string;
  author_display_name: string;
  status: ArticleStatus;
  publish_on: Date;
  expires_on: Date | null;
  promote_on: Date | null;
  promote_end: Date | null;
  source_id: number | null;
  template_id: number | null;
  criteria: string | null;
  created_by_name: string;
  created_on: Date;
}

export interface ArticleContentRow extends ArticleRow {
  content: string;
  rendered_content: string;
  ad_template: string | null;
  ad_is_script: boolean;
}

export const SUMMARY_COLUMNS = `a.id, a.title, a.summary, a.byline, a.image_url, a.author_photo_url, a.article_category_id,
  c.name AS category_name, a.author_display_name, a.status, a.publish_on, a.expires_on, a.promote_on, a.promote_end,
  a.source_id, a.template_id, a.criteria, a.created_by_name, a.created_on`;

const LIVE = `a.status IN ('Published', 'Approved') AND a.publish_on <= now() AND (a.expires_on IS NULL OR a.expires_on > now())`;

/** Whether an article is live for members now (the JavaScript twin of LIVE, for presenters). */
export const isLive = (r: Pick<ArticleRow, 'status' | 'publish_on' | 'expires_on'>, now = new Date()) =>
  (r.status === 'Published' || r.status === 'Approved') && r.publish_on <= now && (!r.expires_on || r.expires_on > now);

const regExpEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether an article live for members shows this file address as its carousel image or in its body: such images are
 * published, and served without a signature (decision 0821). The address must end where the name ends.
 */
export async function isFileInLiveArticle(q: Queryable, address: string): Promise<boolean> {
  const rows = await q.query<{ image_url: string | null; content: string }>(
    `SELECT a.image_url, a.content FROM articles a
     WHERE ${LIVE} AND (strpos(coalesce(a.image_url, ''), $1) > 0 OR strpos(a.content, $1) > 0) LIMIT 50`,
    [address],
  );
  const whole = new RegExp(`${regExpEscape(address)}(?![A-Za-z0-9 _.()%-])`);
  return rows.some((r) => whole.test(r.image_url ?? '') || whole.test(r.content));
}

/** The audience as a WHERE fragment; parameters are appended to `params`. */
function audienceWhere(audience: ArticleAudience, params: unknown[]): string {
  if (audience.kind === 'office') {
    params.push(audience.officeCodes);
    return `a.office_id IN (SELECT id FROM offices WHERE office_code = ANY($${params.length}::text[]))`;
  }
  params.push(audience.aorId);
  return `a.aor_id = $${params.length}`;
}

export async function searchArticles(q: Queryable, audience: ArticleAudience, text: string, limit = 500): Promise<ArticleRow[]> {
  const params: unknown[] = [];
  const where = [LIVE, audienceWhere(audience, params)];
  if (text) {
    params.push(containsPattern(text));
    const p = `$${params.length}`;
    where.push(`(a.title ILIKE ${p} OR a.summary ILIKE ${p} OR a.byline ILIKE ${p} OR c.name ILIKE ${p})`);
  }
  return q.query<ArticleRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM articles a JOIN article_categories c ON c.id = a.article_category_id
     WHERE ${where.join(' AND ')} ORDER BY a.publish_on DESC, a.id DESC LIMIT ${limit}`,
    params,
  );
}

export async function promotedArticles(q: Queryable, audience: ArticleAudience): Promise<ArticleRow[]> {
  const params: unknown[] = [];
  return q.query<ArticleRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM articles a JOIN article_categories c ON c.id = a.article_category_id
     WHERE ${LIVE} AND ${audienceWhere(audience, params)}
       AND a.promote_on IS NOT NULL AND a.promote_on <= now() AND (a.promote_end IS NULL OR a.promote_end > now())
     ORDER BY a.promote_on DESC, a.id DESC LIMIT 50`,
    params,
  );
}

export const ARTICLE_CONTENT_SELECT = `SELECT ${SUMMARY_COLUMNS}, a.content, a.rendered_content, a.ad_template, a.ad_is_script
     FROM articles a JOIN article_categories c ON c.id = a.article_category_id`;

export async function findLiveArticle(q: Queryable, audience: ArticleAudience, id: number): Promise<ArticleContentRow | null> {
  const params: unknown[] = [id];
  return q.one<ArticleContentRow>(
    `${ARTICLE_CONTENT_SELECT}
     WHERE a.id = $1 AND ${LIVE} AND ${audienceWhere(audience, params)}`,
    params,
  );
}

export async function listCategories(q: Queryable): Promise<Array<{ id: number; name: string }>> {
  return q.query('SELECT id, name FROM article_categories ORDER BY name, id');
}

export interface NewArticle {
  title: string;
  summary: string;
  byline: string;
  imageUrl: string | null;
  authorPhotoUrl: string | null;
  categoryId: number;
  authorDisplayName: string;
  content: string;
  status: ArticleStatus;
  publishOn: Date;
  expiresOn: Date | null;
  promoteOn: Date | null;
  promoteEnd: Date | null;
  createdByName: string;
  officeId: number | null;
  aorId: number | null;
  adTemplate: string | null;
  adIsScript: boolean;
  sourceId?: number | null;
  templateId?: number | null;
  criteria?: string | null;
  createdByMemberId?: number | null;
}

/** Writes an article whose content is already clean (see service.createArticle). */
export async function insertArticle(q: Queryable, a: NewArticle): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO articles (title, summary, byline, image_url, author_photo_url, article_category_id, author_display_name,
       content, rendered_content, status, publish_on, expires_on, promote_on, promote_end, created_by_name, office_id, aor_id,
       ad_template, ad_is_script, source_id, template_id, criteria, created_by_member_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22) RETURNING id`,
    [
      a.title,
      a.summary,
      a.byline,
      a.imageUrl,
      a.authorPhotoUrl,
      a.categoryId,
      a.authorDisplayName,
      a.content,
      a.status,
      a.publishOn,
      a.expiresOn,
      a.promoteOn,
      a.promoteEnd,
      a.createdByName,
      a.officeId,
      a.aorId,
      a.adTemplate,
      a.adIsScript,
      a.sourceId ?? null,
      a.templateId ?? null,
      a.criteria ?? null,
      a.createdByMemberId ?? null,
    ],
  );
  return row!.id;
}
