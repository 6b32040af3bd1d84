import { notifications } from '@mantine/notifications';
import {
  type Enlistment,
  type EnlistNewRequest,
  type MemberSecondFactors,
  SECOND_FACTOR_MESSAGES,
  SECURITY_ERROR_TOAST_MS,
  type SecondFactor,
} from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, apiPut } from '../../core/api';

const BASE = '/api/app/MemberSecondFactors';

export const secondFactorKeys = { list: (memberId: number) => ['second-factors', memberId] as const };

export function useSecondFactors(memberId: number) {
  return useQuery({
    queryKey: secondFactorKeys.list(memberId),
    queryFn: async ({ signal }) => (await apiGet<MemberSecondFactors>(`${BASE}?memberId=${memberId}`, signal)).results[0],
  });
}

/** Saves the list as shown (order, on/off; what it leaves out is deleted); the screen shows it at once. */
export function useSaveSecondFactors(memberId: number) {
  const client = useQueryClient();
  const key = secondFactorKeys.list(memberId);
  return useMutation({
    mutationFn: async (secondFactors: SecondFactor[]) =>
      (
        await apiPut<MemberSecondFactors>(BASE, {
          memberId,
          secondFactors: secondFactors.map(({ secondFactorId, isEnabled }) => ({ secondFactorId, isEnabled })),
        })
      ).results[0],
    onMutate: async (secondFactors) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<MemberSecondFactors>(key);
      if (previous) client.setQueryData(key, { ...previous, secondFactors });
      return { previous };
    },
    onError: (error, _list, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      notifyError(error, SECOND_FACTOR_MESSAGES.updateFailed);
    },
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}

export const enlistNew = async (request: EnlistNewRequest) => (await apiPost<Enlistment>(`${BASE}/Enlist/New`, request)).results[0];

export const enlistVerify = (EnlistmentId: string, SuppliedCode: string) =>
  apiPost(`${BASE}/Enlist/Verify`, { EnlistmentId, SuppliedCode });

export const enlistResend = async (EnlistmentId: string) =>
  (await apiPost<Enlistment>(`${BASE}/Enlist/ResendCode`, { EnlistmentId })).results[0];

/** Seed 002 §8: the server's reason when it gave one, else the screen's own message; 7 seconds. */
export function notifyError(error: unknown, fallback: string) {
  const message = error instanceof ApiError && error.code !== 'NETWORK' && error.code !== 'INTERNAL' ? error.message : fallback;
  notifications.show({ color: 'red', title: 'Error', message, autoClose: SECURITY_ERROR_TOAST_MS });
}
