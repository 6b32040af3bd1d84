import { ERROR_REASONS, REGISTERED_MESSAGES as M, REGISTERED, type RegisteredListRow } from '@portico/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../core/api';
import { refreshAfterWrite } from '../../../core/refresh';
import { notify } from '../../../ui/notify';
import { registeredApi, registeredKeys } from '../api';

/** Send to MLS and the status call (cancel, expire, delete), with the seed's notices; the list refreshes after. */
export function useListingActions() {
  const client = useQueryClient();
  const refresh = () => refreshAfterWrite(client, registeredKeys.all);
  const promote = useMutation({
    mutationFn: (listing: RegisteredListRow) => registeredApi.promote(listing.id),
    onSuccess: (res) => {
      notify('green', 'Sent to MLS', res.message, REGISTERED.popoverSentMs);
      void refresh();
    },
    onError: () => notify('red', 'Error', M.sendFailed, REGISTERED.popoverErrorMs),
  });
  const cancel = useMutation({
    mutationFn: async ({ listing, cancellationDate }: { listing: RegisteredListRow; cancellationDate: string }) => {
      try {
        return await registeredApi.changeStatus(listing.id, { standardStatus: 'C', cancellationDate, version: listing.version });
      } catch (error) {
        // The row was older than the listing (someone saved it since the list loaded): the cancellation still stands
        // when the saved listing can still be cancelled, so it is sent again on that version (decision 0967).
        if (!(error instanceof ApiError && error.reason === ERROR_REASONS.registeredStale)) throw error;
        const saved = await registeredApi.get(listing.id);
        if (!saved.can.cancel) throw error;
        return registeredApi.changeStatus(listing.id, { standardStatus: 'C', cancellationDate, version: saved.version });
      }
    },
    onSuccess: () => {
      notify('green', 'Cancelled', M.cancelled, REGISTERED.popoverCancelledMs);
      void refresh();
    },
    onError: (error) =>
      notify(
        'red',
        'Error',
        error instanceof ApiError ? [error.message, ...error.errors.map((e) => e.message)].join(' ') : M.listFailed,
        REGISTERED.popoverErrorMs,
      ),
  });
  return { promote, cancel };
}
