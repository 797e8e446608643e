import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error.ts';

/**
 * What a screen or a part of it shows when its read failed: the reason in
 * words and a retry, so a passing failure (a restart, a dropped connection)
 * never leaves a dead end. Lists, detail screens and panels share it.
 */
export function LoadError({
  title,
  query,
  children,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown };
  /** Another way out beside the retry (a link back to the list). */
  children?: ReactNode;
}) {
  return (
    <Alert color="red" title={title}>
      {errorMessage(query.error)}
      <Group mt="sm" gap="md">
        <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
          Try again
        </Button>
        {children}
      </Group>
    </Alert>
  );
}
