import { notifications } from '@mantine/notifications';
import { MESSAGES, TOAST_ERROR_MS } from '@portico/shared';
import { useCallback } from 'react';
import { useSaveProfileBag } from '../../../core/member';

/** Saves dashboard preferences; a rejected save shows the request-problem toast and calls onRejected. */
export function useDashboardSave(onRejected?: () => void) {
  const save = useSaveProfileBag();
  return useCallback(
    (changes: Record<string, unknown>) => {
      if (Object.keys(changes).length === 0) return;
      save.mutate(changes, {
        onError: (error) => {
          notifications.show({ title: MESSAGES.requestProblem, message: error.message, color: 'red', autoClose: TOAST_ERROR_MS });
          onRejected?.();
        },
      });
    },
    [save, onRejected],
  );
}
