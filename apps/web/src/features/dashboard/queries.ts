import type { AudienceApplication, GenericContainer } from '@portico/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../core/api';

export const dashboardKeys = {
  containers: ['dashboard', 'containers'] as const,
  applications: ['dashboard', 'applications'] as const,
  kpis: ['dashboard', 'kpis'] as const,
  ads: ['dashboard', 'ads'] as const,
};

export const FIVE_MINUTES = 5 * 60_000;

export const containersQuery = queryOptions({
  queryKey: dashboardKeys.containers,
  queryFn: async ({ signal }) => (await apiGet<GenericContainer>('/api/app/GenericContainers/', signal)).results,
  staleTime: FIVE_MINUTES,
});

export const applicationsQuery = queryOptions({
  queryKey: dashboardKeys.applications,
  queryFn: async ({ signal }) => (await apiGet<AudienceApplication>('/api/app/AudienceApplications/', signal)).results,
  staleTime: FIVE_MINUTES,
});

/**
 * Starts the calls the dashboard's sections wait for while the member and the dashboard's code are still loading
 * (decision 0995): the gate calls it for a signed-in visit to `/`. Neither depends on who the member is beyond the
 * bearer token. This module is small and in the public chunk, so the calls need not wait for the dashboard's code.
 */
export function prefetchDashboard(client: QueryClient): void {
  void client.prefetchQuery(containersQuery);
  void client.prefetchQuery(applicationsQuery);
}
