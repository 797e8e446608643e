import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CenteredCard } from '../../../components/centered-card.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';

/**
 * Why a link's check failed, in one sentence: any refusal of the token (bad
 * shape, unknown, used, expired) reads the same; a network failure says so.
 */
export function deadLinkText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 429 ? errorMessage(error) : 'This link is invalid, used or expired.';
  }
  return errorMessage(error);
}

/** An e-mailed link that is missing its token, used up or expired. */
export function BrokenLink({
  title,
  children,
  retryTo = '/login',
  retryLabel = 'Go to sign in',
}: {
  title: string;
  children: ReactNode;
  retryTo?: string;
  retryLabel?: string;
}) {
  return (
    <CenteredCard title={title}>
      <Stack gap="md">
        <Alert color="orange">{children}</Alert>
        <Anchor component={Link} to={retryTo} fz="sm" ta="center">
          {retryLabel}
        </Anchor>
      </Stack>
    </CenteredCard>
  );
}
