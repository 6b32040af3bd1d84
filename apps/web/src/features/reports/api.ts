import {
  type AudienceIndexEntry,
  type CreatedReport,
  EVIDENCE,
  type ListingDetail,
  type OffMlsReportInput,
  type PageConfig,
  parseReportPageConfig,
  REPORT_PAGE_CONFIG_ID,
  REPORT_REASONS_PAGE_SIZE,
  type ReportCreate,
  type ReportReason,
} from '@portico/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload } from '../../core/api';

/** `POST ReportReasons/MemberHubReportReason/q`: visible reasons (the server also keeps members to those), page of 50. */
export function useReportReasons() {
  return useQuery({
    queryKey: ['reports', 'reasons'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await apiPost<ReportReason>(
          '/ReportReasons/MemberHubReportReason/q',
          {
            pageId: 1,
            pageSize: REPORT_REASONS_PAGE_SIZE,
            criteria: [{ field: 'isVisibleToMembers', op: 'Equal', values: [true] }],
            orderBy: [{ field: 'reportReasonCategory.listOrder', direction: 'asc' }],
            fields: ['id', 'reasonText', 'requiresListing', 'isVisibleToMembers', 'kind', 'reportReasonCategory'],
          },
          signal,
        )
      ).results,
  });
}

/** `GET PageConfigs/{id}`: the disclaimer and confirmation html, or the built-in texts when it cannot be read. */
export function useReportPageConfig() {
  return useQuery({
    queryKey: ['reports', 'page-config'],
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return parseReportPageConfig((await apiGet<PageConfig>(`/PageConfigs/${REPORT_PAGE_CONFIG_ID}`, signal)).results[0]?.config);
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        return parseReportPageConfig(null);
      }
    },
  });
}

/** The listing service's `GET /long/{listingId}?include=media`; cancelled when another id is asked or on Cancel. */
export function useListingLookup(listingId: string | null) {
  return useQuery({
    queryKey: ['reports', 'listing', listingId],
    enabled: !!listingId,
    retry: false,
    queryFn: async ({ signal }) =>
      (await apiGet<ListingDetail>(`/api/listings/long/${encodeURIComponent(listingId ?? '')}?include=media`, signal)).results[0] ?? null,
  });
}

export function useMemberSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'members', search],
    enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await apiGet<AudienceIndexEntry>(`/Reports/Members/ta/${encodeURIComponent(search)}`, signal)).results,
  });
}

/** The member lookup: results[0] with contactId and contactJObject. */
export async function lookupMember(loginId: string): Promise<AudienceIndexEntry | null> {
  return (await apiGet<AudienceIndexEntry>(`/Reports/Members/${encodeURIComponent(loginId)}`)).results[0] ?? null;
}

export function useCreateReport() {
  return useMutation({
    mutationFn: async (report: ReportCreate) => (await apiPost<CreatedReport>('/Reports/CreateReport', report)).results[0],
  });
}

/** `POST Reports/CreateOffMlsReport` (decision 1093): the report's JSON and its evidence in one multipart request. */
export function useCreateOffMlsReport(onProgress: (share: number) => void) {
  return useMutation({
    mutationFn: async ({ report, files }: { report: OffMlsReportInput; files: File[] }) => {
      const form = new FormData();
      form.append(EVIDENCE.reportField, JSON.stringify(report));
      for (const file of files) form.append(EVIDENCE.field, file, file.name);
      return (await apiUpload<CreatedReport>('/Reports/CreateOffMlsReport', form, {}, onProgress)).results[0];
    },
  });
}
