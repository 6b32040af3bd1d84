import { STAFF_AUDIT_MESSAGES as M, type StaffAuditEvent } from '@portico/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../core/api';
import { accessToken } from '../../core/auth';
import { saveFile } from '../../core/download';

const BASE = '/api/app/StaffAudit';
export const STAFF_AUDIT_PAGE_SIZE = 25;

export interface AuditFilters {
  actor: string;
  subject: string;
  action: string;
  from: string;
  to: string;
}

const queryOf = (f: AuditFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value.trim()) params.set(key, value.trim());
  return params;
};

export function useStaffAudit(filters: AuditFilters, pageId: number) {
  return useQuery({
    queryKey: ['staff-audit', filters, pageId],
    queryFn: async ({ signal }) => {
      const params = queryOf(filters);
      params.set('pageId', String(pageId));
      params.set('pageSize', String(STAFF_AUDIT_PAGE_SIZE));
      const answer = await apiGet<StaffAuditEvent>(`${BASE}?${params}`, signal);
      return { events: answer.results, totalResults: answer.totalResults, totalPages: answer.totalPages };
    },
    placeholderData: keepPreviousData,
  });
}

export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const token = await accessToken();
  const res = await fetch(`${BASE}/Export?${queryOf(filters)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, res.statusText, body?.code ?? 'INTERNAL', body?.message || M.fetchFailed, body?.errors ?? []);
  }
  saveFile(await res.blob(), 'staff-audit-trail.csv');
}
