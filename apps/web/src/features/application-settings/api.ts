import type { OfficeApplication, OfficeApplicationWrite } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

export const applicationKeys = {
  own: ['application-settings', 'own'] as const,
  office: (officeId: number) => ['application-settings', 'office', officeId] as const,
};

/** The connected applications of one office (admins), or of the viewer's own main office (officeId null). */
export function useOfficeApplications(officeId: number | null, isAdmin: boolean) {
  return useQuery({
    queryKey: officeId ? applicationKeys.office(officeId) : applicationKeys.own,
    enabled: !isAdmin || officeId !== null,
    queryFn: async ({ signal }) => {
      const res = await apiGet<OfficeApplication>(
        officeId ? `/api/app/OfficeApplications/${officeId}` : '/api/app/OfficeApplications',
        signal,
      );
      return { apps: res.results, message: res.message };
    },
  });
}

/** Each toggle is saved at once (accessControl 1 or 0). */
export function useToggleApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (write: OfficeApplicationWrite) => apiPut<OfficeApplication>('/api/app/OfficeApplications', write),
    onSuccess: () => refreshAfterWrite(client, ['application-settings']),
  });
}
