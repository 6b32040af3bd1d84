import type { Article, ArticleCreate, ArticleSummary, ArticleUpdate, QueryRequest } from '@portico/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../core/api';

/** The Articles tab's calls (seed 002 section 7). */
export const adminArticlesApi = {
  query: (query: QueryRequest, signal?: AbortSignal) => apiPost<ArticleSummary>('/api/app/article/q', query, signal),
  get: async (id: number, signal?: AbortSignal) => (await apiGet<Article>(`/api/app/article/${id}/expanded`, signal)).results[0],
  create: async (form: ArticleCreate) => (await apiPost<Article>('/api/app/article/', form)).results[0],
  update: async (id: number, form: ArticleUpdate) => (await apiPut<Article>(`/api/app/article/${id}`, form)).results[0],
  remove: (id: number) => apiDelete<never>(`/api/app/Article/${id}`),
};

export const adminArticleKeys = {
  all: ['articles', 'admin'] as const,
  list: (query: QueryRequest) => ['articles', 'admin', 'list', query] as const,
  one: (id: number) => ['articles', 'admin', 'one', id] as const,
};
