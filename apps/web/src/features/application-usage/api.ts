import { type ApplicationUsage, type ApplicationUsageQuery, APPLICATION_USAGE_MESSAGES as M } from '@portico/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../core/api';
import { downloadAuthorized } from '../../core/download';

function search(query: ApplicationUsageQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** `GET api/app/ApplicationUsage`: the figures of the staff member's scope. */
export function useApplicationUsage(query: ApplicationUsageQuery) {
  return useQuery({
    queryKey: ['application-usage', query],
    queryFn: async ({ signal }) => (await apiGet<ApplicationUsage>(`/api/app/ApplicationUsage?${search(query)}`, signal)).results[0],
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Fetches `.../ApplicationUsage/Csv` with the member's token and saves it under the server's file name. */
export function downloadUsageCsv(query: ApplicationUsageQuery): Promise<void> {
  const { pageId: _page, pageSize: _size, ...figures } = query;
  return downloadAuthorized(`/api/app/ApplicationUsage/Csv?${search(figures)}`, 'application-usage.csv', M.csvFailed);
}
