import type { AdProvider, AudienceApplication, GenericContainer, Kpi } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiGet } from '../../app/api';

/** A promoted article as the carousel reads it (served by the articles feature). */

export const dashboardKeys = {
  containers: ['dashboard', 'containers'] as const,
  applications: ['dashboard', 'applications'] as const,
  kpis: ['dashboard', 'kpis'] as const,
  ads: ['dashboard', 'ads'] as const,
};

const FIVE_MINUTES = 5 * 60_000;

export function useContainers() {
  return useQuery({
    queryKey: dashboardKeys.containers,
    queryFn: async ({ signal }) => (await apiGet<GenericContainer>('/api/app/GenericContainers/', signal)).results,
    staleTime: FIVE_MINUTES,
  });
}

export function useAudienceApplications() {
  return useQuery({
    queryKey: dashboardKeys.applications,
    queryFn: async ({ signal }) => (await apiGet<AudienceApplication>('/api/app/AudienceApplications/', signal)).results,
    staleTime: FIVE_MINUTES,
  });
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
