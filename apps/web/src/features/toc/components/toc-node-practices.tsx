import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNodePractices } from '../api/list-node-practices.ts';

/**
 * The practices built on the selected node, each a link to its builder, and
 * "New practice" opening the practices screen's dialog on this node (the TOC
 * editor links to that feature's routes rather than importing it).
 */
export function TocNodePractices({ nodeId, title }: { nodeId: number; title: string }) {
  const list = useNodePractices(nodeId);
  const items = list.data?.items ?? [];
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600} fz="sm">
          Practices
        </Text>
        <Button
          component={Link}
          to={`/practices?newFor=${nodeId}`}
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          aria-label={`New practice on ${title}`}
        >
          New practice
        </Button>
      </Group>
      {list.isSuccess && items.length === 0 && (
        <Text fz="sm" c="dimmed">
          No practice on this node yet.
        </Text>
      )}
      {items.map((p) => (
        <Group key={p.id} gap="xs" data-testid={`node-practice-${p.id}`}>
          <Anchor component={Link} to={`/practices/${p.id}`} fz="sm">
            {p.name}
          </Anchor>
          <Badge size="xs" variant="dot" color={p.status === 'active' ? 'teal' : 'gray'}>
            {p.status}
          </Badge>
          <Text fz="xs" c="dimmed">
            {p.totals.questions} questions · {p.totals.marks} marks
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
