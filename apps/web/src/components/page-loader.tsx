import { Center, Loader } from '@mantine/core';

/** Shown while a lazy screen or its first data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih={240} w="100%" role="status" aria-label={label}>
      <Loader type="dots" />
    </Center>
  );
}
