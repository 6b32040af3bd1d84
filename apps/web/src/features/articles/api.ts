import type { Article, ArticleCategory, ArticleSummary } from '@portico/shared';
import { apiGet } from '../../core/api';

export const searchArticles = async (q: string, signal?: AbortSignal) =>
  (await apiGet<ArticleSummary>(`/api/app/Articles/Search?q=${encodeURIComponent(q)}`, signal)).results;
export const fetchPromotedArticles = async (signal?: AbortSignal) =>
  (await apiGet<ArticleSummary>('/api/app/Articles/promoted', signal)).results;
export const fetchArticleCategories = async (signal?: AbortSignal) =>
  (await apiGet<ArticleCategory>('/api/app/ArticlesCategory/', signal)).results;
/** `GET api/app/Article/{articleId}/expanded/` reads results[0]. */
export const fetchArticle = async (id: number, signal?: AbortSignal) =>
  (await apiGet<Article>(`/api/app/Article/${id}/expanded/`, signal)).results[0];
