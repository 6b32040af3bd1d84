import type { Article, ArticleSummary } from '@portico/shared';
import type { FileLinks } from '../../lib/file-links';
import { type ArticleContentRow, type ArticleRow, isLive } from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Uploaded files the article shows, as the reader's browser may load them (decision 0821): a live article's images
 * are public at their stable address; its documents, and every file of an article not live, get a signed address.
 */
const filesOf = (r: ArticleRow, links: FileLinks) => {
  const imagesArePublic = isLive(r);
  return (text: string) => links.sign(text, { imagesArePublic });
};

export function presentArticleSummary(r: ArticleRow, links: FileLinks): ArticleSummary {
  const files = filesOf(r, links);
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    byline: r.byline,
    imageUrl: r.image_url === null ? null : files(r.image_url),
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

export function presentArticle(r: ArticleContentRow, links: FileLinks): Article {
  const files = filesOf(r, links);
  return {
    ...presentArticleSummary(r, links),
    content: files(r.content),
    renderedContent: files(r.rendered_content),
    impressions: r.ad_template ? [{ tagName: 'article-ad', isEnabled: true, isScript: r.ad_is_script, template: r.ad_template }] : [],
  };
}
