import type { ResourceMaterialsEntry, ResourceMaterialsInput } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPut } from '../../../core/api';
import { refreshAfterWrite } from '../../../core/refresh';
import { adminKeys } from '../api';

export const resourceKeys = {
  all: ['admin', 'resourceMaterials'] as const,
  list: (aorId: number | null) => ['admin', 'resourceMaterials', aorId] as const,
};

/** `GET api/app/ResourceMaterials[?aorId=]`: the rows the editor manages (MLS staff name the association). */
export function useResourceMaterialsEntries(aorId: number | null, enabled = true) {
  return useQuery({
    queryKey: resourceKeys.list(aorId),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiGet<ResourceMaterialsEntry>(`/api/app/ResourceMaterials${aorId ? `?aorId=${aorId}` : ''}`, signal)).results,
  });
}

/** The URL of one row: an association's brokers' or staff row, or an office's own row. */
export function resourceMaterialsPath(entry: Pick<ResourceMaterialsEntry, 'kind' | 'aorId' | 'officeId'>): string {
  return entry.kind === 'office'
    ? `/api/app/ResourceMaterials/Office/${entry.officeId}`
    : `/api/app/ResourceMaterials/Association/${entry.aorId}/${entry.kind}`;
}

/** After a write the tab shows the new materials: the rows and the admin profile (which carries the admin's own) refresh. */
function useRefreshAfterWrite() {
  const client = useQueryClient();
  return () => {
    refreshAfterWrite(client, resourceKeys.all);
    refreshAfterWrite(client, adminKeys.profile);
  };
}

export function useSaveResourceMaterials() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ entry, values }: { entry: ResourceMaterialsEntry; values: ResourceMaterialsInput }) =>
      apiPut<ResourceMaterialsEntry>(resourceMaterialsPath(entry), values),
    onSuccess,
  });
}

export function useRemoveOfficeResourceMaterials() {
  const onSuccess = useRefreshAfterWrite();
  return useMutation({ mutationFn: (entry: ResourceMaterialsEntry) => apiDelete<never>(resourceMaterialsPath(entry)), onSuccess });
}
