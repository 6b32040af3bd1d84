import { useDebouncedValue } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { CONTENT_MESSAGES, DEBOUNCE_ARTICLE_SEARCH_MS, TOAST_ERROR_MS, withIds } from '@portico/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMember, useSaveProfileBag } from '../../core/member';
import { fetchArticle, fetchArticleCategories, fetchPromotedArticles, searchArticles } from './api';

/**
 * Server-side search, debounced 1000 ms. Each search text is its own query: a newer text aborts the older
 * request (its signal), and an older answer can never show under a newer text.
 */
export function useArticleSearch(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_ARTICLE_SEARCH_MS);
  const query = useQuery({
    queryKey: ['articles', 'search', debounced],
    queryFn: ({ signal }) => searchArticles(debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return { ...query, isSearching: query.isFetching || debounced !== text.trim() };
}

export const useArticleCategories = () =>
  useQuery({ queryKey: ['articles', 'categories'], queryFn: ({ signal }) => fetchArticleCategories(signal), staleTime: 10 * 60_000 });

export const useArticle = (id: number) =>
  useQuery({ queryKey: ['articles', 'expanded', id], queryFn: ({ signal }) => fetchArticle(id, signal), enabled: id > 0, retry: false });

/** `GET api/app/Articles/promoted` for the dashboard carousel. */
export const usePromotedArticles = () =>
  useQuery({ queryKey: ['articles', 'promoted'], queryFn: ({ signal }) => fetchPromotedArticles(signal), staleTime: 5 * 60_000 });

const idsOf = (value: unknown) => (Array.isArray(value) ? (value as Array<number | string>) : []);

/** Favourites (`articles.favorites`) and reads (`articles.read`) in the profile bag. */
export function useArticleMarks() {
  const { profile } = useMember();
  const save = useSaveProfileBag();
  const favoritesRaw = profile.profileBag['articles.favorites'];
  const readRaw = profile.profileBag['articles.read'];
  const favorites = useMemo(() => new Set(idsOf(favoritesRaw).map(Number)), [favoritesRaw]);
  const read = useMemo(() => new Set(idsOf(readRaw).map(Number)), [readRaw]);
  const onError = (error: Error) =>
    toasts.show({ title: CONTENT_MESSAGES.requestProblem, message: error.message, color: 'red', autoClose: TOAST_ERROR_MS });
  return {
    favorites,
    read,
    toggleFavorite: (id: number) =>
      save.mutate({ 'articles.favorites': withIds(idsOf(favoritesRaw), [id], !favorites.has(id)) }, { onError }),
    markRead: (id: number) => {
      if (!read.has(id)) save.mutate({ 'articles.read': withIds(idsOf(readRaw), [id], true) }, { onError });
    },
  };
}
