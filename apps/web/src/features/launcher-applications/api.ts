import type { LauncherApplication, LauncherApplicationWrite } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';
import { dashboardKeys } from '../dashboard/index';

const BASE = '/api/app/LauncherApplications';

export const launcherKeys = { one: (id: number) => ['launcher-applications', 'one', id] as const };

/** `GET api/app/LauncherApplications/{id}`: one application with its audience rows. */
export function useLauncherApplication(applicationId: number) {
  return useQuery({
    queryKey: launcherKeys.one(applicationId),
    queryFn: async ({ signal }) => (await apiGet<LauncherApplication>(`${BASE}/${applicationId}`, signal)).results[0] ?? null,
  });
}

/**
 * What the screen that embeds the launcher's pages reads again after a write (the single sign-on tab: its list and
 * the application's page). The host says so: this feature does not know its hosts (decision 1030).
 */
export type AfterLauncherWrite = (saved: LauncherApplication | undefined) => void;

/** After a write the dashboard's tiles, the application itself and what the host names are read again. */
function useLauncherWrite<V>(
  write: (values: V) => Promise<{ results: LauncherApplication[]; message: string }>,
  onWritten: AfterLauncherWrite | undefined,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (res) => {
      const saved = res.results[0];
      if (saved) client.setQueryData(launcherKeys.one(saved.applicationId), saved);
      void refreshAfterWrite(client, dashboardKeys.applications);
      onWritten?.(saved);
    },
  });
}

export const useCreateLauncherApplication = (onWritten?: AfterLauncherWrite) =>
  useLauncherWrite((values: LauncherApplicationWrite) => apiPost<LauncherApplication>(BASE, values), onWritten);

export const useSaveLauncherApplication = (applicationId: number, onWritten?: AfterLauncherWrite) =>
  useLauncherWrite((values: LauncherApplicationWrite) => apiPut<LauncherApplication>(`${BASE}/${applicationId}`, values), onWritten);

export const useDeleteLauncherApplication = (applicationId: number, onWritten?: AfterLauncherWrite) =>
  useLauncherWrite((_: undefined) => apiDelete<LauncherApplication>(`${BASE}/${applicationId}`), onWritten);
