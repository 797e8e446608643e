import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title row of a screen inside the layout, with its main actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md">
      {/* A 200-character title wraps, even inside one long word, rather than widen the page. */}
      <Stack gap={4} miw={0} style={{ overflowWrap: 'anywhere' }}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" fz="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
