import { Button, Code, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { FEED_MESSAGES, type FeedUserClassMappings, memberTypeByValue, memberTypeFromUserClass, USER_CLASSES } from '@portico/shared';
import { useState } from 'react';
import { toast } from '../../ui/notify';
import { TableStatus } from '../../ui/TableStatus';
import { useFeedMappings, useMapUserClass } from './api';

/** The seeds' user classes, each with its member type (the level a member gets follows from it). */
const CLASS_OPTIONS = USER_CLASSES.map((code) => ({
  value: code,
  label: `${code} (${memberTypeByValue(memberTypeFromUserClass(code)).name})`,
}));

type Unmapped = FeedUserClassMappings['unmapped'][number];

function UnmappedRow({ item }: { item: Unmapped }) {
  const [userClass, setUserClass] = useState<string | null>(null);
  const map = useMapUserClass();
  const label = `User class for ${item.field} ${item.value}`;
  return (
    <Table.Tr>
      <Table.Td>{item.field}</Table.Td>
      <Table.Td>
        <Code>{item.value}</Code>
      </Table.Td>
      <Table.Td ta="right">{item.members}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={label}
            placeholder="Choose a user class"
            data={CLASS_OPTIONS}
            value={userClass}
            onChange={setUserClass}
            searchable
            w={240}
          />
          <Button
            disabled={!userClass}
            loading={map.isPending}
            onClick={async () => {
              // mutateAsync: the row leaves the list when the mapping applies, and a row's own callbacks would die with it.
              try {
                const res = await map.mutateAsync({ field: item.field, value: item.value, userClass });
                toast('success', `${item.value} is mapped to ${userClass}: ${res.results[0]?.applied ?? 0} waiting members applied.`);
              } catch (error) {
                toast('failure', (error as Error).message);
              }
            }}
          >
            Map
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The user-class mapping: values of MemberType or MemberMlsSecurityClass that no mapping knows wait here with their
 * members (the review list); mapping one applies those members at once. Staff's mappings go over the defaults.
 */
export function UserClassMapping() {
  const mappings = useFeedMappings(true);
  const remove = useMapUserClass();
  const unmapped = mappings.data?.unmapped ?? [];
  const own = mappings.data?.mappings ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feed-user-classes">
      <Title order={2} size="h4" id="feed-user-classes" mb="xs">
        User-class mapping
      </Title>
      {mappings.error && (
        <Text c="red.8" role="alert">
          {mappings.error.message}
        </Text>
      )}
      <Title order={3} size="h5" mb={4}>
        Unmapped values
      </Title>
      {unmapped.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="feed-unmapped">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th ta="right">Members waiting</Table.Th>
                <Table.Th>User class</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unmapped.map((item) => (
                <UnmappedRow key={`${item.field}=${item.value}`} item={item} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TableStatus
        isLoading={mappings.isLoading}
        isEmpty={unmapped.length === 0 && !mappings.error}
        loadingText="Loading…"
        emptyText={FEED_MESSAGES.noUnmapped}
      />
      {own.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md" mb={4}>
            Your mappings
          </Title>
          <Table verticalSpacing={4} data-testid="feed-mappings">
            <Table.Tbody>
              {own.map((m) => (
                <Table.Tr key={`${m.field}=${m.value}`}>
                  <Table.Td>{m.field}</Table.Td>
                  <Table.Td>
                    <Code>{m.value}</Code>
                  </Table.Td>
                  <Table.Td>{m.userClass}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove the mapping of ${m.field} ${m.value}`}
                      onClick={() => remove.mutate({ field: m.field, value: m.value, userClass: null })}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <Text size="xs" mt="xs">
        Without a mapping of yours, a MemberMlsSecurityClass that is a user class is taken as it is, and MemberType follows the default
        table (MLS Staff is AS, Agent is AG, Broker is DB...).
      </Text>
    </Paper>
  );
}
