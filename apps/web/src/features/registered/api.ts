import type {
  AddressSuggestion,
  AgentSuggestion,
  LookupValue,
  PromoteResult,
  PropertyReport,
  QueryRequest,
  RegisteredListing,
  RegisteredListingForm,
  RegisteredListRow,
  StatusChange,
} from '@portico/shared';
import { apiGet, apiPost, apiPut } from '../../core/api';

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
