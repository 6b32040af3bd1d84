import type {
  AttendanceInput,
  MyRequirement,
  Requirement,
  RequirementInput,
  RequirementsReport,
  Roster,
  SsoApplicationSummary,
  TrainingTopic,
} from '@portico/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '../../core/api';
import { accessToken } from '../../core/auth';
import { saveFile } from '../../core/download';
import { refreshAfterWrite } from '../../core/refresh';

export const requirementKeys = {
  all: ['training-requirements'] as const,
  mine: ['training-requirements', 'mine'] as const,
  list: ['training-requirements', 'list'] as const,
  topics: ['training-requirements', 'topics'] as const,
  applications: ['training-requirements', 'applications'] as const,
  report: (q: ReportQuery) => ['training-requirements', 'report', q] as const,
  roster: (classId: number) => ['training-requirements', 'roster', classId] as const,
};

export interface ReportQuery {
  officeId?: number;
  overdue?: boolean;
}

const search = (q: ReportQuery, format?: 'csv') => {
  const params = new URLSearchParams();
  if (q.officeId) params.set('officeId', String(q.officeId));
  if (q.overdue) params.set('overdue', 'true');
  if (format) params.set('format', format);
  return params.toString();
};

/** `GET api/app/TrainingRequirements/Mine`: each requirement that applies to the member, with their status. */
export function useMyRequirements() {
  return useQuery({
    queryKey: requirementKeys.mine,
    queryFn: async ({ signal }) => (await apiGet<MyRequirement>('/api/app/TrainingRequirements/Mine', signal)).results,
    staleTime: 30_000,
  });
}

/** `GET api/app/TrainingRequirements/Report`: the broker's (or staff's) members with their state per requirement. */
export function useRequirementsReport(query: ReportQuery, enabled = true) {
  return useQuery({
    queryKey: requirementKeys.report(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await apiGet<RequirementsReport>(`/api/app/TrainingRequirements/Report?${search(query)}`, signal)).results[0]!,
  });
}

export async function download(path: string, name: string, failure: string): Promise<void> {
  const token = await accessToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, res.statusText, body?.code ?? 'INTERNAL', body?.message || failure, body?.errors ?? []);
  }
  saveFile(await res.blob(), name);
}

export const downloadReportCsv = (query: ReportQuery) =>
  download(`/api/app/TrainingRequirements/Report?${search(query, 'csv')}`, 'required-training.csv', 'The CSV file could not be made.');

export const downloadCertificate = (id: number) =>
  download(`/api/app/TrainingCompletions/${id}/Certificate`, `certificate-${id}.pdf`, 'The certificate could not be downloaded.');

/** `GET api/app/TrainingClass/:id/Roster` (staff). */
export function useRoster(classId: number) {
  return useQuery({
    queryKey: requirementKeys.roster(classId),
    queryFn: async ({ signal }) => (await apiGet<Roster>(`/api/app/TrainingClass/${classId}/Roster`, signal)).results[0]!,
    retry: false,
  });
}

export function useMarkAttendance(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AttendanceInput) => apiPost<Roster>(`/api/app/TrainingClass/${classId}/Attendance`, input),
    onSuccess: () => refreshAfterWrite(client, requirementKeys.all),
  });
}

/** `GET api/app/TrainingRequirements` (staff): MLS staff every requirement, association staff theirs and the MLS's. */
export function useRequirements() {
  return useQuery({
    queryKey: requirementKeys.list,
    queryFn: async ({ signal }) => (await apiGet<Requirement>('/api/app/TrainingRequirements', signal)).results,
  });
}

/** `POST api/app/TrainingRequirements` for a new one, `PUT .../:id` for one that exists; the server judges it whole. */
export function useSaveRequirement(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequirementInput) =>
      id === null
        ? apiPost<Requirement>('/api/app/TrainingRequirements', input)
        : apiPut<Requirement>(`/api/app/TrainingRequirements/${id}`, input),
    onSuccess: () => refreshAfterWrite(client, requirementKeys.all),
  });
}

export function useDeleteRequirement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<never>(`/api/app/TrainingRequirements/${id}`),
    onSuccess: () => refreshAfterWrite(client, requirementKeys.all),
  });
}

/** The editor's choices of class topics that count (`GET api/app/TrainingTopic/GetAllTrainingTopics`). */
export function useTopicChoices() {
  return useQuery({
    queryKey: requirementKeys.topics,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<TrainingTopic>('/api/app/TrainingTopic/GetAllTrainingTopics', signal)).results,
  });
}

/** The applications an overdue member may lose (`GET api/app/SsoApplications`, MLS staff, who alone enforce). */
export function useApplicationChoices(enabled: boolean) {
  return useQuery({
    queryKey: requirementKeys.applications,
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<SsoApplicationSummary>('/api/app/SsoApplications', signal)).results,
  });
}
