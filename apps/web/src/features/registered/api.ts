import {
  type AddressSuggestion,
  type AgentSuggestion,
  DISCLOSURE,
  EXEMPTION_MESSAGES as E,
  type ExemptionRules,
  type LookupValue,
  type PromoteResult,
  type PropertyReport,
  type QueryRequest,
  type RegisteredListing,
  type RegisteredListingForm,
  type RegisteredListRow,
  type StatusChange,
} from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut, apiUpload } from '../../core/api';
import { downloadAuthorized } from '../../core/download';

/** Seed 001 section 7, the calls of registered listings. */
export const registeredApi = {
  search: (query: QueryRequest, signal?: AbortSignal) => apiPost<RegisteredListRow>('/api/app/Registration/search/', query, signal),
  get: async (id: number, signal?: AbortSignal) => (await apiGet<RegisteredListing>(`/api/app/Registration/${id}`, signal)).results[0],
  create: (form: RegisteredListingForm) => apiPost<RegisteredListing>('/api/app/Registration', form),
  update: (id: number, form: RegisteredListingForm & { version: number }) => apiPut<RegisteredListing>(`/api/app/Registration/${id}`, form),
  promote: (id: number) => apiPost<PromoteResult>(`/api/app/Registration/promote/${id}`, {}),
  changeStatus: (id: number, change: StatusChange) => apiPut<RegisteredListing>(`/api/app/Registration/status/${id}`, change),
  lookupSearch: async (lookupType: number, text: string, signal?: AbortSignal) =>
    (await apiGet<LookupValue>(`/cribdata/LookupValues/${lookupType}/search/${encodeURIComponent(text)}`, signal)).results,
  lookupExact: async (lookupType: number, value: string, signal?: AbortSignal) =>
    (await apiGet<LookupValue>(`/cribdata/LookupValues/${lookupType}/exact/${encodeURIComponent(value)}`, signal)).results,
  agents: async (text: string, signal?: AbortSignal) =>
    (await apiGet<AgentSuggestion>(`/cribdata/Members/ta/${encodeURIComponent(text)}`, signal)).results,
  listAgents: async (text: string, signal?: AbortSignal) =>
    (await apiGet<AgentSuggestion>(`/cribdata/Members/ta/${encodeURIComponent(text)}?role=list`, signal)).results,
  propertyReport: async (postalCode: string, address: string, signal?: AbortSignal) =>
    (
      await apiGet<PropertyReport>(
        `/taxapi/PropertyReport/${encodeURIComponent(postalCode)}?address=${encodeURIComponent(address)}`,
        signal,
      )
    ).results[0],
  addresses: async (text: string, signal?: AbortSignal) =>
    (await apiGet<AddressSuggestion>(`/api/app/Maps/addresses?text=${encodeURIComponent(text)}&country=US`, signal)).results,
};

export const registeredKeys = {
  all: ['registered'] as const,
  search: (query: QueryRequest) => ['registered', 'search', query] as const,
  one: (id: number) => ['registered', 'one', id] as const,
};

/** `GET api/app/Compliance/Exemptions` (every member): the exemptions the MLS accepts and its periods (decision 1050). */
export function useExemptionRules() {
  return useQuery({
    queryKey: ['compliance', 'exemptions'],
    queryFn: async ({ signal }) => (await apiGet<ExemptionRules>('/api/app/Compliance/Exemptions', signal)).results[0]!,
    staleTime: 5 * 60_000,
  });
}

/** Files the seller disclosure of a listing (multipart field `disclosure`); answers the listing as it now is. */
export async function uploadDisclosure(id: number, file: File): Promise<RegisteredListing> {
  const form = new FormData();
  form.append(DISCLOSURE.field, file, file.name);
  return (await apiUpload<RegisteredListing>(`/api/app/Registration/${id}/Disclosure`, form, {}, () => undefined)).results[0]!;
}

/** Fetches the listing's seller disclosure with the member's token and saves it under the server's file name. */
export function downloadDisclosure(id: number): Promise<void> {
  return downloadAuthorized(`/api/app/Registration/${id}/Disclosure`, 'seller-disclosure', E.disclosureDownloadFailed);
}
