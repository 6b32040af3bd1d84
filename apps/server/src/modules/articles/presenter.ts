import type { Article, ArticleSummary } from '@portico/shared';
import type { ArticleContentRow, ArticleRow } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentArticleSummary(r: ArticleRow): ArticleSummary {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    byline: r.byline,
    imageUrl: r.image_url,
    authorPhotoUrl: r.author_photo_url,
    articleCategoryId: r.article_category_id,
    articleCategory: { id: r.article_category_id, name: r.category_name },
    author: { displayName: r.author_display_name },
    publishOn: r.publish_on.toISOString(),
    expiresOn: iso(r.expires_on),
    promoteOn: iso(r.promote_on),
    promoteEnd: iso(r.promote_end),
    sourceId: r.source_id,
    templateId: r.template_id,
    status: r.status,
    criteria: r.criteria,
    createdByName: r.created_by_name,
    createdOn: r.created_on.toISOString(),
  };
}

export function presentArticle(r: ArticleContentRow): Article {
  return {
    ...presentArticleSummary(r),
    content: r.content,
    renderedContent: r.rendered_content,
    impressions: r.ad_template ? [{ tagName: 'article-ad', isEnabled: true, isScript: r.ad_is_script, template: r.ad_template }] : [],
  };
}
