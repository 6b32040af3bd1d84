import { REGISTERED_MESSAGES as M, REGISTERED } from '@portico/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../core/api';
import { notify } from '../../../ui/notify';
import { registeredApi, registeredKeys } from '../api';
import { type ListState, searchRequestOf } from './list-criteria';

export type { ListState } from './list-criteria';

export function useRegisteredSearch(state: ListState) {
  const query = searchRequestOf(state);
  const result = useQuery({
    queryKey: registeredKeys.search(query),
    queryFn: ({ signal }) => registeredApi.search(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (!result.error) return;
    notify(
      'red',
      'Error',
      result.error instanceof ApiError && result.error.message ? result.error.message : M.listFailed,
      REGISTERED.popoverErrorMs,
    );
  }, [result.error]);
  // A failed load empties the table (seed 001 section 8).
  const data = result.error ? undefined : result.data;
  return {
    rows: data?.results ?? [],
    totalPages: data?.totalPages ?? 0,
    totalResults: data?.totalResults ?? 0,
    /** Set when more listings match than the server counts (docs/decisions/0205): the total is then a floor. */
    notice: data?.message ?? '',
    isLoading: result.isFetching && !data,
    /** A new search is on its way while the previous answer still shows (decision 0956). */
    isRefreshing: result.isFetching && result.isPlaceholderData,
  };
}
