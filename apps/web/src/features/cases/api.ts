import { CASES_DATA_START, CASES_PAGE_SIZE, type CaseItem, type CaseStatus, type FormDefinitionView } from '@portico/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

export interface CaseSort {
  field: string;
  direction: 'asc' | 'desc';
}

export const caseKeys = {
  list: (page: number, search: string, sort: CaseSort) => ['cases', 'list', page, search, sort] as const,
  form: (id: number) => ['cases', 'form', id] as const,
};

/** `POST api/app/WorkItem/q?expandFieldTypes=ContactLookupFieldType`: a page of 10 cases from 7/16/24 on. */
export function useCases(page: number, search: string, sort: CaseSort) {
  return useQuery({
    queryKey: caseKeys.list(page, search, sort),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      apiPost<CaseItem>(
        '/api/app/WorkItem/q?expandFieldTypes=ContactLookupFieldType',
        {
          pageId: page,
          pageSize: CASES_PAGE_SIZE,
          orderBy: [{ field: sort.field, direction: sort.direction }],
          criteria: [{ field: 'createdOn', op: 'GreaterThanOrEqual', values: [CASES_DATA_START] }],
          searchText: search || undefined,
        },
        signal,
      ),
  });
}

/** `GET api/app/FormDefinition/ByWorkItem/{id}/expanded/view`. */
export function useCaseForm(id: number | null) {
  return useQuery({
    queryKey: caseKeys.form(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await apiGet<FormDefinitionView>(`/api/app/FormDefinition/ByWorkItem/${id}/expanded/view`, signal)).results[0]!,
  });
}

/** `PUT api/app/WorkItem/{id}/Status` (staff who work the case). */
export function useCaseStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (status: CaseStatus) => (await apiPut<CaseItem>(`/api/app/WorkItem/${id}/Status`, { status })).results[0],
    onSuccess: () => refreshAfterWrite(client, ['cases']),
  });
}
