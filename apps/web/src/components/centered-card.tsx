import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';

/** The frame of every screen outside the main layout: sign-in, password, invitation, errors. */
export function CenteredCard({
  title,
  description,
  children,
  width = 420,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box mih="100vh" bg="gray.0" px="md" py={48}>
      <Center>
        <Stack w="100%" maw={width} gap="lg">
          <Center>
            <Brand size="lg" />
          </Center>
          <Paper withBorder shadow="sm" p="xl" component="main">
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={2} fz="h3">
                  {title}
                </Title>
                {description && (
                  <Text c="dimmed" fz="sm">
                    {description}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
