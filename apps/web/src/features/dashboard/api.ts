import type { AdProvider, Kpi } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiGet } from '../../core/api';
import { applicationsQuery, containersQuery, dashboardKeys, FIVE_MINUTES } from './queries';

export { dashboardKeys } from './queries';

/** A promoted article as the carousel reads it (served by the articles feature). */

export function useContainers() {
  return useQuery(containersQuery);
}

export function useAudienceApplications() {
  return useQuery(applicationsQuery);
}

export function useKpis(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.kpis,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<Kpi>('/api/app/KpiDefinition/ExecuteAll', signal)).results,
    staleTime: 60_000,
  });
}

export function useGenericAds() {
  return useQuery({
    queryKey: dashboardKeys.ads,
    queryFn: async ({ signal }) => (await apiGet<AdProvider>('/api/app/GenericAds', signal)).results,
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}

/**
 * Records that the member opened a link tile (issue 19 section 4): sent as the new tab opens, never waited for,
 * and kept alive if the member leaves the page. A failure only costs the figure, never the launch.
 */
export function recordApplicationLaunch(applicationId: number): void {
  api('POST', '/api/app/ApplicationLaunches', { body: { applicationId }, keepalive: true }).catch(() => undefined);
}
