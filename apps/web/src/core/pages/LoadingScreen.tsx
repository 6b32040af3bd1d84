import { Center, Loader } from '@mantine/core';

export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Loader aria-hidden />
    </Center>
  );
}
