import type { SecurityActivityEvent } from '@portico/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../core/api';

const BASE = '/api/app/SecurityActivity';
export const SECURITY_ACTIVITY_PAGE_SIZE = 20;

export const securityActivityKeys = { page: (pageId: number) => ['security-activity', pageId] as const };

/** One page of the member's own security events, newest first. */
export function useSecurityActivity(pageId: number) {
  return useQuery({
    queryKey: securityActivityKeys.page(pageId),
    queryFn: async ({ signal }) => {
      const answer = await apiGet<SecurityActivityEvent>(`${BASE}?pageId=${pageId}&pageSize=${SECURITY_ACTIVITY_PAGE_SIZE}`, signal);
      return { events: answer.results, totalResults: answer.totalResults, totalPages: answer.totalPages };
    },
    placeholderData: keepPreviousData,
  });
}
