import { Drawer } from '@mantine/core';
import { type AdminProfile, ADMIN_MESSAGE_TEXTS as T } from '@portico/shared';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { LoadingBlock } from '../../../ui/LoadingBlock';
import { useAdminMessage } from './api';
import { MessageForm } from './MessageForm';

interface Props {
  admin: AdminProfile;
  /** undefined: closed; null: a new message; a number: that message's details. */
  id: number | null | undefined;
  onClose: () => void;
}

/** The slide-over of seed 002: "New Message", or "Message Details" for an existing message (deep link /admin/messages/{id}). */
export function MessageDrawer({ admin, id, onClose }: Props) {
  const existing = useAdminMessage(typeof id === 'number' && Number.isInteger(id) ? id : null);
  const isNew = id === null;
  return (
    <Drawer
      opened={id !== undefined}
      onClose={onClose}
      position="right"
      size="md"
      title={isNew ? T.newTitle : T.detailsTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {admin.criteria.message === null ? (
        <EmptyState text={T.noMessageCriteria} />
      ) : isNew ? (
        <MessageForm admin={admin} message={null} onDone={onClose} />
      ) : existing.error || (typeof id === 'number' && !Number.isInteger(id)) ? (
        <ErrorPanel title={T.loadOneFailed} message={existing.error?.message} />
      ) : existing.data ? (
        <MessageForm key={existing.data.id} admin={admin} message={existing.data} onDone={onClose} />
      ) : (
        <LoadingBlock label="Loading the message" />
      )}
    </Drawer>
  );
}
