import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** 404, 500 and the router's fallback: a code, a sentence, and a way home. */
export function StatusPage({
  code,
  title,
  children,
}: {
  code?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" gap="md" py={64} px="md" ta="center">
      {code && (
        <Text fz={72} fw={800} c="gray.6" lh={1} aria-hidden>
          {code}
        </Text>
      )}
      <Title order={1} fz="h2">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" maw={480}>
          {children}
        </Text>
      )}
      <Button component={Link} to="/" variant="light">
        Back to home
      </Button>
    </Stack>
  );
}
