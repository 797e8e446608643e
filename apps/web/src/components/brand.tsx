import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';

export const APP_TITLE = 'Publisher back-office';

export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <ThemeIcon size={size === 'lg' ? 36 : 30} radius="md" variant="filled" aria-hidden>
        <IconBooks size={size === 'lg' ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 'xl' : { base: 'md', xs: 'lg' }} lh={1.1} truncate>
        {APP_TITLE}
      </Text>
    </Group>
  );
}
