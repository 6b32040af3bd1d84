import { TRAINING_MESSAGES as M, TOAST_SUCCESS_MS, TRAINING, type TrainingAttendee } from '@portico/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../core/api';
import { useMember } from '../../../core/member';
import { refreshAfterWrite } from '../../../core/refresh';
import { notify } from '../../../ui/notify';
import { trainingApi, trainingKeys } from '../api';

const messageOf = (error: unknown) => (error instanceof ApiError && error.message ? error.message : M.requestProblem);

/** Register and unregister with the seed's toasts; every Training list refreshes after either. */
export function useRegistration() {
  const { viewer } = useMember();
  const client = useQueryClient();
  const refresh = () => refreshAfterWrite(client, trainingKeys.all);
  const register = useMutation({
    mutationFn: (trainingClassId: number) => trainingApi.register({ memberId: viewer.memberId, trainingClassId }),
    onSuccess: () => notify('green', M.registerSuccessTitle, M.registerSuccess, TOAST_SUCCESS_MS),
    onError: (error) => notify('red', M.errorTitle, messageOf(error), TRAINING.registerErrorToastMs),
    onSettled: refresh,
  });
  const unregister = useMutation({
    mutationFn: (attendee: TrainingAttendee) => trainingApi.unregister(attendee.id),
    onSuccess: () => notify('green', M.registerSuccessTitle, M.unregisterSuccess, TOAST_SUCCESS_MS),
    onError: (error) => notify('red', M.errorTitle, messageOf(error), TRAINING.registerErrorToastMs),
    onSettled: refresh,
  });
  return { register, unregister };
}

/** Cancel a course request; failures toast titled Error for 6 s. */
export function useCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => trainingApi.cancelRequest(id),
    onSuccess: () => notify('green', M.registerSuccessTitle, M.requestCancelled, TOAST_SUCCESS_MS),
    onError: (error) => notify('red', M.requestErrorTitle, messageOf(error), TRAINING.requestErrorToastMs),
    onSettled: () => refreshAfterWrite(client, trainingKeys.all),
  });
}
