import { Alert, Button, Group, Text } from '@mantine/core';
import { holdText, listingEntryRefusal, REGISTERED_MESSAGES as M, mayRegisterListings } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../core/api';
import { useMember } from '../../../core/member';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { PageTitle } from '../../../ui/PageTitle';
import { useOwnAccessHolds } from '../../access-gate/index';
import { registeredApi, registeredKeys } from '../api';
import { formValuesOf } from '../hooks/useListingForm';
import { AuditStamps } from './AuditStamps';
import { DeleteListingButton } from './DeleteListingButton';
import { DisclosurePanel } from './DisclosurePanel';
import { ListingSummary } from './ListingSummary';
import { ListingWizard } from './ListingWizard';

/** /registered/new and /registered/{id}: the wizard, or the read-only summary of a listing that can no longer change. */
export function RegisteredFormPage() {
  const { id } = useParams();
  const { viewer } = useMember();
  const isNew = id?.toLowerCase() === 'new';
  const holds = useOwnAccessHolds();
  const numericId = Number(id);
  const query = useQuery({
    queryKey: registeredKeys.one(numericId),
    enabled: !isNew && Number.isInteger(numericId) && numericId > 0,
    queryFn: ({ signal }) => registeredApi.get(numericId, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const back = (
    <Button component={Link} to="/registered" variant="default">
      Back to list
    </Button>
  );
  if (isNew && !mayRegisterListings(viewer)) {
    return (
      <ErrorPanel title="New Registered Listing" message={M.assistantsMayNotRegister}>
        {back}
      </ErrorPanel>
    );
  }
  // The access gate (decisions 1091, 1092): a member whose listing entry is held is told before filling the wizard in.
  const entryHold = holds.data?.find((hold) => hold.closesListingEntry);
  if (isNew && entryHold) {
    return (
      <ErrorPanel title={holdText(entryHold.kind, entryHold.reason).title} message={listingEntryRefusal(entryHold.kind)}>
        {back}
      </ErrorPanel>
    );
  }
  if (isNew) {
    return (
      <>
        <PageTitle title="New Registered Listing">{back}</PageTitle>
        <ListingWizard listing={null} />
      </>
    );
  }
  if (!Number.isInteger(numericId) || numericId <= 0 || query.error) {
    const message = query.error instanceof ApiError ? query.error.message : M.notVisible;
    return (
      <ErrorPanel title="Registered listing" message={message}>
        {back}
      </ErrorPanel>
    );
  }
  if (!query.data) return <Text role="status">{M.loading}</Text>;
  const listing = query.data;
  if (listing.isReadOnly) {
    return (
      <>
        <PageTitle title={`Registered Listing ${listing.listingId}`}>
          <Group>
            <DeleteListingButton listing={listing} />
            {back}
          </Group>
        </PageTitle>
        <AuditStamps listing={listing} />
        <DisclosurePanel listing={listing} />
        <Alert color="gray" mb="md">
          {M.readOnlyNotice}
        </Alert>
        <ListingSummary values={formValuesOf(listing, viewer.timeZone)} />
      </>
    );
  }
  return (
    <>
      <PageTitle title={`Edit Registered Listing ${listing.listingId}`}>
        <Group>
          <DeleteListingButton listing={listing} />
          {back}
        </Group>
      </PageTitle>
      <AuditStamps listing={listing} />
      <DisclosurePanel listing={listing} />
      <ListingWizard key={listing.id} listing={listing} />
    </>
  );
}
