import { type ClearCoopDue, type ClearCoopPage, type ClearCoopQuery, CLEAR_COOP_MESSAGES as M } from '@portico/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../core/api';
import { downloadAuthorized } from '../../core/download';

function search(query: ClearCoopQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** `GET api/app/ClearCooperation`: the listings the member sees, most urgent first, with each state's count. */
export function useClearCoop(query: ClearCoopQuery) {
  return useQuery({
    queryKey: ['clear-cooperation', query],
    queryFn: async ({ signal }) => (await apiGet<ClearCoopPage>(`/api/app/ClearCooperation?${search(query)}`, signal)).results[0]!,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** `GET api/app/ClearCooperation/Due`: the member's own listings due in the MLS within two business days. */
export function useClearCoopDue(enabled: boolean) {
  return useQuery({
    queryKey: ['clear-cooperation', 'due'],
    enabled,
    queryFn: async ({ signal }) => (await apiGet<ClearCoopDue>('/api/app/ClearCooperation/Due', signal)).results[0]!,
    staleTime: 60_000,
  });
}

/** Fetches `.../ClearCooperation/Csv` with the member's token and saves it. */
export function downloadClearCoopCsv(query: ClearCoopQuery): Promise<void> {
  const { pageId: _page, pageSize: _size, ...filters } = query;
  return downloadAuthorized(`/api/app/ClearCooperation/Csv?${search(filters)}`, 'clear-cooperation.csv', M.loadFailed);
}
