import type { Rule, RuleBook, RuleInput } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';

export const ruleBookKeys = { all: ['rule-book'] as const };

/** `GET api/app/RuleBook` (association and MLS staff). */
export function useRuleBook() {
  return useQuery({
    queryKey: ruleBookKeys.all,
    queryFn: async ({ signal }) => (await apiGet<RuleBook>('/api/app/RuleBook', signal)).results[0]!,
  });
}

/** `POST api/app/RuleBook` for a new rule, `PUT api/app/RuleBook/:id` over the version loaded for one (MLS staff). */
export function useSaveRule(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: RuleInput) =>
      id === null ? apiPost<Rule>('/api/app/RuleBook', rule) : apiPut<Rule>(`/api/app/RuleBook/${id}`, rule),
    onSuccess: () => refreshAfterWrite(client, ruleBookKeys.all),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<never>(`/api/app/RuleBook/${id}`),
    onSuccess: () => refreshAfterWrite(client, ruleBookKeys.all),
  });
}
