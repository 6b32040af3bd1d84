import type {
  CertificateStatus,
  CertificateSubmissionInput,
  CompletionImportInput,
  CompletionImportResult,
  OutsideCertificate,
} from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';
import { download, requirementKeys } from './api';

/** Outside completions by CSV import, certificates and the NAR export (decision 1150). */
export const certificateKeys = {
  mine: ['training-requirements', 'certificates', 'mine'] as const,
  queue: (status: CertificateStatus) => ['training-requirements', 'certificates', 'queue', status] as const,
};

/** `POST api/app/TrainingCompletions/Imports/Preview`: every row judged, nothing written. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: async (input: CompletionImportInput) =>
      (await apiPost<CompletionImportResult>('/api/app/TrainingCompletions/Imports/Preview', input)).results[0]!,
  });

/** `POST api/app/TrainingCompletions/Imports/Apply`: the new rows recorded in one transaction. */
export function useApplyImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompletionImportInput) =>
      (await apiPost<CompletionImportResult>('/api/app/TrainingCompletions/Imports/Apply', input)).results[0]!,
    onSuccess: () => refreshAfterWrite(client, requirementKeys.all),
  });
}

export const downloadNarExport = (requirementId: number) =>
  download(
    `/api/app/TrainingRequirements/${requirementId}/NarExport`,
    `nar-export-${requirementId}.csv`,
    'The NAR export could not be made.',
  );

export function useMyCertificates() {
  return useQuery({
    queryKey: certificateKeys.mine,
    queryFn: async ({ signal }) => (await apiGet<OutsideCertificate>('/api/app/TrainingCertificates/Mine', signal)).results,
  });
}

/** `POST api/app/TrainingCertificates`: the JSON part `certificate`, then the file. */
export function useSubmitCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, file }: { input: CertificateSubmissionInput; file: File }) => {
      const form = new FormData();
      form.append('certificate', JSON.stringify(input));
      form.append('file', file, file.name);
      return apiUpload<OutsideCertificate>('/api/app/TrainingCertificates', form, {}, () => undefined);
    },
    onSuccess: () => refreshAfterWrite(client, requirementKeys.all),
  });
}

export function useCertificateQueue(status: CertificateStatus) {
  return useQuery({
    queryKey: certificateKeys.queue(status),
    queryFn: async ({ signal }) => (await apiGet<OutsideCertificate>(`/api/app/TrainingCertificates?status=${status}`, signal)).results,
  });
}

/** Approve (`reason` null) or reject with a reason. */
export function useDecideCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null
        ? apiPost<OutsideCertificate>(`/api/app/TrainingCertificates/${id}/Approve`, {})
        : apiPost<OutsideCertificate>(`/api/app/TrainingCertificates/${id}/Reject`, { reason }),
    onSuccess: () => refreshAfterWrite(client, requirementKeys.all),
  });
}

export const downloadCertificateFile = (c: Pick<OutsideCertificate, 'id' | 'fileName'>) =>
  download(`/api/app/TrainingCertificates/${c.id}/File`, c.fileName, 'The certificate could not be downloaded.');
