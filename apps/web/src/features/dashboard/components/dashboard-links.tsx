import { Anchor, Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCount } from '../../../components/charts/figure.tsx';

/** A count that calls for work elsewhere (codes to fill, messages to answer), linked there when allowed. */
export function WorkCard({
  icon: CardIcon,
  count,
  label,
  link,
  testId,
}: {
  icon: Icon;
  count: number;
  label: string;
  link: { to: string; text: string } | null;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon variant="light" size={42} radius="md" color={count > 0 ? 'orange' : 'teal'}>
          <CardIcon size={22} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Text fz={24} fw={700} lh={1.1}>
            {formatCount(count)}
          </Text>
          <Text fz="sm" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
      {link && (
        <Anchor component={Link} to={link.to} fz="sm" mt="sm" display="block">
          {link.text}
        </Anchor>
      )}
    </Card>
  );
}
