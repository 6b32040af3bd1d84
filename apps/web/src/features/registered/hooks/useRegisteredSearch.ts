import { type Criterion, REGISTERED_MESSAGES as M, REGISTERED, STANDARD_STATUS } from '@portico/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../app/api';
import { registeredApi, registeredKeys } from '../api';
import { notify } from '../notify';

export interface ListState {
  pageId: number;
  pageSize: number;
  text: string;
  status: string | null;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
}

/** Seed 001 'List criteria': never Z; the chosen status; the text over listing id or property address. */
export function criteriaOf(state: Pick<ListState, 'text' | 'status'>): Criterion[] {
  const criteria: Criterion[] = [{ field: 'standardStatus', op: 'NotEqual', values: [STANDARD_STATUS.deleted] }];
  if (state.status) criteria.push({ field: 'registeredStatus', op: 'Equal', values: [state.status] });
  const text = state.text.trim();
  if (text)
    criteria.push({ field: 'listingId', op: 'Contains', values: [text] }, { field: 'propertyAddress', op: 'Contains', values: [text] });
  return criteria;
}

export function useRegisteredSearch(state: ListState) {
  const query = {
    pageId: state.pageId,
    pageSize: state.pageSize,
    criteria: criteriaOf(state),
    orderBy: [state.sort ?? { field: 'registeredStatus', direction: 'asc' as const }],
  };
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
    isLoading: result.isFetching && !data,
  };
}
