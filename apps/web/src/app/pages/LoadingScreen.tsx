import { Center, Loader } from '@mantine/core';

export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
