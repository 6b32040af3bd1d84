import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { cancellationDateIssue, REGISTERED_LABELS as L, REGISTERED_MESSAGES as M, type RegisteredListRow, todayIso } from '@portico/shared';
import { useState } from 'react';
import { useMlsZone } from '../../../core/member';

interface Props {
  listing: RegisteredListRow | null;
  onClose: () => void;
  onConfirm: (listing: RegisteredListRow) => void;
  isBusy: boolean;
}

/** The promote confirmation: irreversible, so it says so. */
export function SendToMlsModal({ listing, onClose, onConfirm, isBusy }: Props) {
  return (
    <Modal opened={!!listing} onClose={onClose} title={M.confirmSendTitle} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>{M.confirmSendBody}</Text>
        {listing && (
          <Text size="sm" fw={600}>
            {listing.listingId} · {listing.propertyAddress}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button loading={isBusy} onClick={() => listing && onConfirm(listing)}>
            Send to MLS
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The cancel confirmation: a cancellation date is required and may not be later than today. */
export function CancelListingModal({
  listing,
  onClose,
  onConfirm,
  isBusy,
}: Omit<Props, 'onConfirm'> & { onConfirm: (listing: RegisteredListRow, cancellationDate: string) => void }) {
  const zone = useMlsZone();
  const [date, setDate] = useState(() => todayIso(zone));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const issue = cancellationDateIssue(date, todayIso(zone));
    setError(issue);
    if (!issue && listing) onConfirm(listing, date);
  };
  return (
    <Modal opened={!!listing} onClose={onClose} title={M.confirmCancelTitle} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>{M.confirmCancelBody}</Text>
        <TextInput
          type="date"
          label={L.cancellationDate}
          required
          value={date}
          max={todayIso(zone)}
          onChange={(e) => setDate(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button color="red.8" loading={isBusy} onClick={submit}>
            Cancel listing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
