import { Group } from '@mantine/core';
import { Spinner } from './Spinner';

/** A centred spinner for a part of a page that is loading, announced by its label. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl">
      <Spinner label={label} />
    </Group>
  );
}
