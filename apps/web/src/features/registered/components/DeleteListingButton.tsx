import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { REGISTERED_MESSAGES as M, REGISTERED, type RegisteredListRow } from '@portico/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../core/api';
import { refreshAfterWrite } from '../../../core/refresh';
import { notify } from '../../../ui/notify';
import { registeredApi, registeredKeys } from '../api';

/** Delete (status Z) with its confirmation; offered only where the server says this member may delete. */
export function DeleteListingButton({ listing }: { listing: RegisteredListRow }) {
  const [isOpen, setOpen] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => registeredApi.changeStatus(listing.id, { standardStatus: 'Z', version: listing.version }),
    onSuccess: () => {
      void refreshAfterWrite(client, registeredKeys.all);
      notify('green', 'Deleted', M.deleted, REGISTERED.popoverUpdatedMs);
      navigate('/registered/');
    },
    onError: (error) => {
      setOpen(false);
      notify('red', 'Error', error instanceof ApiError ? error.message : M.listFailed, REGISTERED.popoverErrorMs);
    },
  });
  if (!listing.can.delete) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={M.confirmDeleteTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>{M.confirmDeleteBody}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete listing
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
