import { notifications } from '@mantine/notifications';
import { REGISTERED_MESSAGES as M, REGISTERED, type RegisteredListing } from '@portico/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../app/api';
import { registeredApi, registeredKeys } from '../api';

/** Send to MLS and the status call (cancel, expire, delete), with the seed's notices; the list refreshes after. */
export function useListingActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: registeredKeys.all });
  const promote = useMutation({
    mutationFn: (listing: RegisteredListing) => registeredApi.promote(listing.id),
    onSuccess: (res) => {
      notifications.show({ color: 'green', title: 'Sent to MLS', message: res.message, autoClose: REGISTERED.popoverSentMs });
      void refresh();
    },
    onError: () => notifications.show({ color: 'red', title: 'Error', message: M.sendFailed, autoClose: REGISTERED.popoverErrorMs }),
  });
  const cancel = useMutation({
    mutationFn: ({ listing, cancellationDate }: { listing: RegisteredListing; cancellationDate: string }) =>
      registeredApi.changeStatus(listing.id, { standardStatus: 'C', cancellationDate, version: listing.version }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: 'Cancelled', message: M.cancelled, autoClose: REGISTERED.popoverCancelledMs });
      void refresh();
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Error',
        message: error instanceof ApiError ? [error.message, ...error.errors.map((e) => e.message)].join(' ') : M.listFailed,
        autoClose: REGISTERED.popoverErrorMs,
      }),
  });
  return { promote, cancel };
}
