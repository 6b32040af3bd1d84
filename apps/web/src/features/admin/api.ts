import type { AdminProfile } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../core/api';

export const adminKeys = {
  profile: ['admin', 'profile'] as const,
};

/** `GET api/app/AdminProfile`: the admin's scope, content criteria, page size and resource materials. */
export function useAdminProfile() {
  return useQuery({
    queryKey: adminKeys.profile,
    queryFn: async ({ signal }) => (await apiGet<AdminProfile>('/api/app/AdminProfile', signal)).results[0] ?? null,
    staleTime: 5 * 60_000,
  });
}
