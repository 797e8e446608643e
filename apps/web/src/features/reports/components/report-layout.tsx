import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';

/**
 * What every report screen shows: its filters, its figures (each against the
 * previous period), then its charts and tables. Skeletons hold the place on
 * first load; an error names what went wrong.
 */
export function ReportLayout({
  filters,
  figures,
  children,
  loading,
  error,
}: {
  filters?: ReactNode;
  figures?: ReactNode;
  children?: ReactNode;
  loading: boolean;
  error: unknown;
}) {
  return (
    <Stack gap="md">
      {filters}
      {error ? (
        <Alert color="red" title="The report could not load">
          {errorMessage(error)}
        </Alert>
      ) : loading ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Skeleton h={104} />
            <Skeleton h={104} />
            <Skeleton h={104} />
          </SimpleGrid>
          <Skeleton h={300} />
        </>
      ) : (
        <>
          {figures && <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>{figures}</SimpleGrid>}
          {children}
        </>
      )}
    </Stack>
  );
}
