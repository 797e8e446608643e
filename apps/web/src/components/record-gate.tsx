import { Anchor, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-error.ts';
import { LoadError } from './load-error.tsx';
import { StatusPage } from './status-page.tsx';

/**
 * What a record's page (/books/:id, /learners/:id …) shows before the
 * record: "not found" for an address that names none (an id that is not a
 * number, or the server's 404), a skeleton while it loads, the reason and a
 * retry (and a way back) when the read failed. Answers the record once it
 * is there:
 * `const gate = recordGate(book, {...}); if ('shown' in gate) return gate.shown;`
 */
export function recordGate<T>(
  query: UseQueryResult<T>,
  screen: {
    /** False when the address names no record (see lib/record-id.ts). */
    valid: boolean;
    notFound: { title: string; text: ReactNode };
    errorTitle: string;
    back?: { to: string; label: string };
    /** The shape of the page while it loads (a heading and a block by default). */
    loading?: ReactNode;
  },
): { shown: ReactElement } | { record: T } {
  const { notFound, back } = screen;
  if (!screen.valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return {
      shown: (
        <StatusPage code="404" title={notFound.title}>
          {notFound.text}
        </StatusPage>
      ),
    };
  }
  if (query.isPending) {
    return {
      shown: (
        <>
          {screen.loading ?? (
            <Stack>
              <Skeleton h={40} w="50%" />
              <Skeleton h={180} />
            </Stack>
          )}
        </>
      ),
    };
  }
  if (query.isError) {
    return {
      shown: (
        <LoadError title={screen.errorTitle} query={query}>
          {back && (
            <Anchor component={Link} to={back.to} fz="sm">
              {back.label}
            </Anchor>
          )}
        </LoadError>
      ),
    };
  }
  return { record: query.data };
}
