import { z } from 'zod';

/** Article category (seed 000 section 3): id, name. */
export interface ArticleCategory {
  id: number;
  name: string;
}

/** An ad impression of an article; only the tag article-ad is used here. Templates run in a sandboxed frame. */
export interface ArticleImpression {
  tagName: 'article-ad';
  isEnabled: boolean;
  isScript: boolean;
  template: string;
}

/** An article as lists show it (search, promoted): everything but the content. */
export interface ArticleSummary {
  id: number;
  title: string;
  summary: string;
  byline: string;
  imageUrl: string | null;
  authorPhotoUrl: string | null;
  articleCategoryId: number;
  articleCategory: ArticleCategory;
  author: { displayName: string };
  publishOn: string;
  expiresOn: string | null;
  promoteOn: string | null;
  promoteEnd: string | null;
  sourceId: number | null;
  templateId: number | null;
  status: ArticleStatus;
  criteria: string | null;
  createdByName: string;
}

/** `GET api/app/Article/{articleId}/expanded/` results[0]: the summary plus the (sanitised) content and its ad. */
export interface Article extends ArticleSummary {
  content: string;
  renderedContent: string;
  impressions: ArticleImpression[];
}

export const ARTICLE_STATUSES = ['Draft', 'Published', 'Archived'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const articleIdParamSchema = z.object({ articleId: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET api/app/Articles/Search?q=`: an empty q lists every article the member may read. */
export const articleSearchQuerySchema = z.object({ q: z.string().trim().max(200).default('') });
