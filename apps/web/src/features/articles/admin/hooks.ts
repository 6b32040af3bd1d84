import { useDebouncedValue } from '@mantine/hooks';
import { ARTICLES_TAB_SEARCH_DEBOUNCE_MS, type Article, type ArticleCreate, type ArticleUpdate, type QueryRequest } from '@portico/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../../core/refresh';
import { adminArticleKeys, adminArticlesApi } from './api';

export interface GridState {
  text: string;
  pageId: number;
  pageSize: number;
  sort: { field: string; direction: 'asc' | 'desc' };
}

/** The grid's page: a title search (Contains), debounced 500 ms (seed 002 section 9), sorted and paged on the server. */
export function useAdminArticles({ text, pageId, pageSize, sort }: GridState, enabled: boolean) {
  const [debounced] = useDebouncedValue(text.trim(), ARTICLES_TAB_SEARCH_DEBOUNCE_MS);
  const query: QueryRequest = {
    pageId,
    pageSize,
    criteria: debounced ? [{ field: 'title', op: 'Contains', values: [debounced] }] : [],
    orderBy: [{ field: sort.field, direction: sort.direction === 'asc' ? 'Asc' : 'Desc' }],
  };
  const result = useQuery({
    queryKey: adminArticleKeys.list(query),
    queryFn: ({ signal }) => adminArticlesApi.query(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  return { ...result, isSearching: result.isFetching || debounced !== text.trim() };
}

export const useAdminArticle = (id: number | null) =>
  useQuery({
    queryKey: adminArticleKeys.one(id ?? 0),
    queryFn: ({ signal }) => adminArticlesApi.get(id as number, signal),
    enabled: !!id,
    retry: false,
  });

/** Create, update and delete; each refreshes the grid, and the member side's article lists. */
export function useArticleMutations() {
  const client = useQueryClient();
  const refresh = (article?: Article) => {
    if (article) client.setQueryData(adminArticleKeys.one(article.id), article);
    return refreshAfterWrite(client, ['articles']);
  };
  return {
    create: useMutation({ mutationFn: (form: ArticleCreate) => adminArticlesApi.create(form), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, form }: { id: number; form: ArticleUpdate }) => adminArticlesApi.update(id, form),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => adminArticlesApi.remove(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: adminArticleKeys.one(id) });
        return refresh();
      },
    }),
  };
}
