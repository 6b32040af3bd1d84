import type { BusinessCalendarAnswer, CalendarDay, CalendarDayInput, CompliancePolicy, CompliancePolicyInput } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

export const complianceKeys = {
  all: ['compliance'] as const,
  policy: ['compliance', 'policy'] as const,
  calendar: ['compliance', 'calendar'] as const,
};

/** `GET api/app/Compliance/Policy` (association and MLS staff). */
export function useCompliancePolicy() {
  return useQuery({
    queryKey: complianceKeys.policy,
    queryFn: async ({ signal }) => (await apiGet<CompliancePolicy>('/api/app/Compliance/Policy', signal)).results[0]!,
  });
}

/** `GET api/app/Compliance/Calendar` (every member): build the calendar with `createBusinessCalendar(answer)`. */
export function useBusinessCalendar() {
  return useQuery({
    queryKey: complianceKeys.calendar,
    queryFn: async ({ signal }) => (await apiGet<BusinessCalendarAnswer>('/api/app/Compliance/Calendar', signal)).results[0]!,
    staleTime: 5 * 60_000,
  });
}

export function useSaveCompliancePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (policy: CompliancePolicyInput) => apiPut<CompliancePolicy>('/api/app/Compliance/Policy', policy),
    // The holiday state changes the calendar's days too.
    onSuccess: () => refreshAfterWrite(client, complianceKeys.all),
  });
}

export function useAddCalendarDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (day: CalendarDayInput) => apiPost<CalendarDay>('/api/app/Compliance/CalendarDays', day),
    onSuccess: () => refreshAfterWrite(client, complianceKeys.calendar),
  });
}

export function useRemoveCalendarDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) => apiDelete<never>(`/api/app/Compliance/CalendarDays/${encodeURIComponent(date)}`),
    onSuccess: () => refreshAfterWrite(client, complianceKeys.calendar),
  });
}
