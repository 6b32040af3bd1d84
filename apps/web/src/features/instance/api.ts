import type { InstanceInfo } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../core/api';

/** `GET api/app/Instance`: what the server says about itself at run time (demo mode). Read once per page load. */
export function useInstance() {
  return useQuery({
    queryKey: ['instance'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => (await apiGet<InstanceInfo>('/api/app/Instance', signal)).results[0]!,
  });
}
