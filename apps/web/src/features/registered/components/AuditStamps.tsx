import { Group, Text } from '@mantine/core';
import { formatDateTimeUs, formatDateUs, type RegisteredListing } from '@portico/shared';

/** A saved listing's Registered Listing ID, who created and modified it, and when. */
export function AuditStamps({ listing }: { listing: RegisteredListing }) {
  return (
    <Group gap="xl" mb="md" wrap="wrap">
      <Text size="sm">
        <b>Registered Listing ID:</b> {listing.listingId}
      </Text>
      <Text size="sm">
        <b>Status:</b> {listing.registeredStatus} since {formatDateUs(listing.statusDate)}
        {listing.promotedMlsId ? ` (MLS ${listing.promotedMlsId})` : ''}
      </Text>
      <Text size="sm">
        <b>Created:</b> {formatDateTimeUs(listing.createdOn)} by {listing.createdBy ?? '—'}
      </Text>
      <Text size="sm">
        <b>Modified:</b> {formatDateTimeUs(listing.modifiedOn)} by {listing.modifiedBy ?? '—'}
      </Text>
    </Group>
  );
}
