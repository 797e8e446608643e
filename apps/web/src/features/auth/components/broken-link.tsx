import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CenteredCard } from '../../../components/centered-card.tsx';

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
