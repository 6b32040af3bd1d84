import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeSecondFactor, type Enlistment, SECOND_FACTOR_MESSAGES, type SecondFactor, TOAST_SUCCESS_MS } from '@portico/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useMember } from '../../../core/member';
import { refreshAfterWrite } from '../../../core/refresh';
import { Spinner } from '../../../ui/Spinner';
import { RecoveryCodesPanel } from '../../recovery-codes/index';
import { SECOND_FACTOR_ERROR_TOAST_ID, secondFactorKeys, useSaveSecondFactors, useSecondFactors } from '../api';
import { EnlistModal } from './EnlistModal';
import { FactorList } from './FactorList';
import { VerifyModal } from './VerifyModal';

interface ManageAuthenticationsProps {
  /** A factor was added (the required step of decision 1122 then lets the member on). */
  onFactorAdded?: () => void;
  /** The list was saved or a factor added: what depends on the member's factors (the grace notice) reads again. */
  onFactorsChanged?: () => void;
}

/** The Manage Authentications tab of User Settings: the member's own second factors. */
export function ManageAuthentications({ onFactorAdded, onFactorsChanged }: ManageAuthenticationsProps = {}) {
  const { viewer } = useMember();
  const client = useQueryClient();
  const factors = useSecondFactors(viewer.memberId);
  const save = useSaveSecondFactors(viewer.memberId);
  const [isAdding, setAdding] = useState(false);
  const [enlistment, setEnlistment] = useState<Enlistment | null>(null);
  const [toDelete, setToDelete] = useState<SecondFactor | null>(null);
  const [hasAddedFirst, setAddedFirst] = useState(false);

  if (factors.isPending) return <Spinner label="Loading your second factors" />;
  if (factors.isError || !factors.data)
    return (
      <Alert color="red" role="alert">
        {SECOND_FACTOR_MESSAGES.fetchFailed}
      </Alert>
    );
  const { secondFactors, access, enabledFactors } = factors.data;
  const handleVerified = () => {
    setEnlistment(null);
    // Recovery codes are offered when the first factor is added (issue 32 §2).
    if (!secondFactors.some((f) => f.isEnabled)) setAddedFirst(true);
    // One message per event: the success replaces an earlier wrong code's error.
    notifications.hide(SECOND_FACTOR_ERROR_TOAST_ID);
    notifications.show({ color: 'teal', title: 'Success', message: SECOND_FACTOR_MESSAGES.validated, autoClose: TOAST_SUCCESS_MS });
    void refreshAfterWrite(client, secondFactorKeys.list(viewer.memberId));
    onFactorAdded?.();
    onFactorsChanged?.();
  };
  const saveList = (list: SecondFactor[]) => save.mutate(list, { onSuccess: () => onFactorsChanged?.() });

  return (
    <Stack maw={680}>
      <Text size="sm">
        After your password, sign-in asks for the first factor that is on in this list; you can choose another there. Drag a factor, or use
        its arrows, to change the order.
      </Text>
      {!access.canAdd && (
        <Alert color="yellow" role="status" title={SECOND_FACTOR_MESSAGES.limitReached}>
          Delete a factor to add another.
        </Alert>
      )}
      {secondFactors.length ? (
        <FactorList factors={secondFactors} onChange={saveList} onDelete={setToDelete} isSaving={save.isPending} />
      ) : (
        <Text c="dimmed">You have no second factors yet.</Text>
      )}
      {access.canAdd && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add Authentication
          </Button>
        </Group>
      )}
      <RecoveryCodesPanel isOffered={hasAddedFirst} />
      <EnlistModal
        opened={isAdding}
        memberId={viewer.memberId}
        types={enabledFactors}
        onClose={() => setAdding(false)}
        onStarted={(started) => {
          setAdding(false);
          setEnlistment(started);
        }}
      />
      <VerifyModal
        key={enlistment?.enlistmentId ?? 'none'}
        enlistment={enlistment}
        onClose={() => setEnlistment(null)}
        onVerified={handleVerified}
      />
      <Modal
        opened={!!toDelete}
        onClose={() => setToDelete(null)}
        title="Delete Factor"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text>{SECOND_FACTOR_MESSAGES.deleteConfirm}</Text>
        {toDelete && (
          <Text fw={600} mt="xs" style={{ overflowWrap: 'anywhere' }} data-testid="factor-to-delete">
            {describeSecondFactor(toDelete.type, toDelete.emailPhoneOrName)}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              saveList(secondFactors.filter((f) => f !== toDelete));
              setToDelete(null);
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
