import { Alert, Badge, Button, Card, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { formatDateSlash, formatUsd, type ListingDetail, REPORT_MESSAGES, truncateRemarks } from '@portico/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useListingLookup } from './api';

function Dates({ listing }: { listing: ListingDetail }) {
  const dates: Array<[string, string | null]> = [
    ['Listed', listing.listingContractDate],
    ['On market', listing.onMarketDate],
    ['Purchase contract', listing.purchaseContractDate],
    ['Closed', listing.closeDate],
  ];
  return (
    <Group gap="md" wrap="wrap">
      {dates
        .filter(([, d]) => d)
        .map(([label, d]) => (
          <Text key={label} size="sm">
            <strong>{label}:</strong> {formatDateSlash(d ?? '')}
          </Text>
        ))}
      {listing.daysOnMarket !== null && (
        <Text size="sm">
          <strong>Days on market:</strong> {listing.daysOnMarket}
        </Text>
      )}
    </Group>
  );
}

export function ListingCard({ listing }: { listing: ListingDetail }) {
  const photo = listing.media.find((m) => m.mediaType === 'IMAGE');
  const address = [listing.unparsedAddress, listing.city, [listing.stateOrProvince, listing.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Card withBorder padding="sm" data-testid="listing-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {photo && <Image src={photo.mediaURL} alt={`Photo of ${address || listing.listingId}`} w={160} h={107} radius="sm" fit="cover" />}
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={700}>{address || listing.listingId}</Text>
            <Badge variant="dot" color="blue">
              {listing.standardStatus}
            </Badge>
          </Group>
          <Text size="sm">
            Listing {listing.listingId} · {formatUsd(listing.listPrice)} ·{' '}
            {[listing.propertyType, listing.propertySubType].filter(Boolean).join(' / ')}
          </Text>
          <Dates listing={listing} />
          {listing.publicRemarks && (
            <Text size="sm" title={listing.publicRemarks}>
              {truncateRemarks(listing.publicRemarks)}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** The listing search: looks a listing id up in the listing service; the request can be cancelled. */
export function ListingLookup({ onFound }: { onFound: (listing: ListingDetail | null) => void }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const lookup = useListingLookup(asked);
  const found = lookup.data ?? null;
  useEffect(() => onFound(found), [found, onFound]);

  const search = () => {
    const id = text.trim();
    if (id) setAsked(id);
  };
  const cancel = () => {
    client.cancelQueries({ queryKey: ['reports', 'listing', asked] });
    setAsked(null);
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Listing ID"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search();
            }
          }}
          w={240}
        />
        <Button variant="default" onClick={search} disabled={!text.trim()}>
          Search
        </Button>
        {lookup.isFetching && (
          <>
            <Spinner size="sm" label="Looking up the listing" />
            <Button variant="subtle" color="gray" onClick={cancel}>
              Cancel
            </Button>
          </>
        )}
      </Group>
      {asked && !lookup.isFetching && lookup.isError && (
        <Alert color="red" variant="light" role="alert">
          {lookup.error.message}
        </Alert>
      )}
      {asked && !lookup.isFetching && lookup.isSuccess && !found && (
        <Alert color="yellow" variant="light" role="status">
          {REPORT_MESSAGES.noListing}
        </Alert>
      )}
      {found && <ListingCard listing={found} />}
    </Stack>
  );
}
