import { Group, Loader } from '@mantine/core';

/** A centred spinner for a part of a page that is loading, announced by its label. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl">
      <Loader role="status" aria-label={label} />
    </Group>
  );
}
