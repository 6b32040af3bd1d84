import type { LauncherApplication, LauncherApplicationWrite } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../app/api';
import { refreshAfterWrite } from '../../app/refresh';
import { dashboardKeys } from '../dashboard/api';
import { ssoKeys } from '../sso/api';

const BASE = '/api/app/LauncherApplications';

export const launcherKeys = { one: (id: number) => ['launcher-applications', 'one', id] as const };

/** `GET api/app/LauncherApplications/{id}`: one application with its audience rows. */
export function useLauncherApplication(applicationId: number) {
  return useQuery({
    queryKey: launcherKeys.one(applicationId),
    queryFn: async ({ signal }) => (await apiGet<LauncherApplication>(`${BASE}/${applicationId}`, signal)).results[0] ?? null,
  });
}

/** After a write the single sign-on list, the dashboard's tiles and the application itself are read again. */
function useLauncherWrite<V>(write: (values: V) => Promise<{ results: LauncherApplication[]; message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (res) => {
      const saved = res.results[0];
      if (saved) client.setQueryData(launcherKeys.one(saved.applicationId), saved);
      void refreshAfterWrite(client, ssoKeys.list);
      if (saved) void refreshAfterWrite(client, ssoKeys.one(saved.applicationId));
      void refreshAfterWrite(client, dashboardKeys.applications);
    },
  });
}

export const useCreateLauncherApplication = () =>
  useLauncherWrite((values: LauncherApplicationWrite) => apiPost<LauncherApplication>(BASE, values));

export const useSaveLauncherApplication = (applicationId: number) =>
  useLauncherWrite((values: LauncherApplicationWrite) => apiPut<LauncherApplication>(`${BASE}/${applicationId}`, values));

export const useDeleteLauncherApplication = (applicationId: number) =>
  useLauncherWrite((_: undefined) => apiDelete<LauncherApplication>(`${BASE}/${applicationId}`));
