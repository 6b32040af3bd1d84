import {
  type AssociationSummary,
  type AudienceIndexEntry,
  type DerivedSettings,
  type OfficeSummary,
  SETTING_GROUPS_FETCH_SIZE,
  SETTINGS_FETCH_SIZE,
  type SettingGroup,
  type SettingOwnerType,
  type SettingsPageSave,
  type SettingType,
  type Viewer,
} from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

export type OwnerType = SettingOwnerType;

/** The write calls of each owner (docs/decisions/0301, 0305). */
const SAVE_PATH: Record<OwnerType, string> = {
  member: '/api/app/MemberSettings',
  office: '/api/app/OfficeSettings',
  association: '/api/app/AssociationSettings',
};

export const settingsKeys = {
  catalog: ['settings', 'catalog'] as const,
  derived: (ownerType: OwnerType, id: number) => ['settings', 'derived', ownerType, id] as const,
  agents: (search: string) => ['directory', 'agents', search] as const,
  offices: (search: string) => ['directory', 'offices', search] as const,
  associations: ['directory', 'associations'] as const,
};

/** Groups (with their values, 99 left out below level 3 by the server) and types, fetched once per session. */
export function useSettingsCatalog() {
  return useQuery({
    queryKey: settingsKeys.catalog,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const [groups, types] = await Promise.all([
        apiPost<SettingGroup>('/api/app/SettingGroups/q', { pageId: 1, pageSize: SETTING_GROUPS_FETCH_SIZE }, signal),
        apiPost<SettingType>('/api/app/SettingTypes/q', { pageId: 1, pageSize: SETTINGS_FETCH_SIZE }, signal),
      ]);
      return { groups: groups.results, types: types.results };
    },
  });
}

export function useDerivedSettings(ownerType: OwnerType, id: number | null) {
  return useQuery({
    queryKey: settingsKeys.derived(ownerType, id ?? 0),
    enabled: !!id,
    queryFn: async ({ signal }) => (await apiGet<DerivedSettings>(`/api/DerivedSettings/${ownerType}/${id}`, signal)).results[0],
  });
}

/** Saves every changed setting of one owner in one call (one transaction on the server). */
export function useSaveSettings(ownerType: OwnerType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: SettingsPageSave) => apiPut(SAVE_PATH[ownerType], save),
    onSuccess: (_result, save) => refreshAfterWrite(client, settingsKeys.derived(ownerType, Number(save.ownerId))),
  });
}

/** The seed's scope parameter by level (the server scopes by the viewer's level whatever is asked). */
export function agentScopeQuery(viewer: Pick<Viewer, 'level' | 'officeCode' | 'mainOfficeCode' | 'aorShortName'>): string {
  if (viewer.level === 2 && viewer.officeCode) return `?officeCode=${encodeURIComponent(viewer.officeCode)}`;
  if (viewer.level === 3 && viewer.mainOfficeCode) return `?mainOfficeCode=${encodeURIComponent(viewer.mainOfficeCode)}`;
  if (viewer.level === 4 && viewer.aorShortName) return `?aorShortName=${encodeURIComponent(viewer.aorShortName)}`;
  return '';
}

export function useAgentSearch(search: string, scopeQuery: string, enabled: boolean) {
  return useQuery({
    queryKey: [...settingsKeys.agents(search), scopeQuery],
    enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (await apiGet<AudienceIndexEntry>(`/api/app/AudienceIndexes/ta/${encodeURIComponent(search)}${scopeQuery}`, signal)).results,
  });
}

/** The directory lookup of one login id (`POST AudienceIndex/q`). */
export async function lookupAgent(loginId: string): Promise<AudienceIndexEntry | null> {
  const res = await apiPost<AudienceIndexEntry>('/AudienceIndex/q', { criteria: [{ field: 'loginId', op: 'Equal', values: [loginId] }] });
  return res.results[0] ?? null;
}

export function useOfficeSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.offices(search),
    enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (await apiGet<OfficeSummary>(`/api/app/Offices/ta/${encodeURIComponent(search)}?onlyMain=true`, signal)).results,
  });
}

/** Every association (level 5 only; the server refuses the others), for the Association Settings picker. */
export function useAssociations(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.associations,
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<AssociationSummary>('/api/app/Associations', signal)).results,
  });
}
