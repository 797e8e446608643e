import type { FreeTocNode } from '@bo/contract';
import { Badge, Box, Group, Switch, Text } from '@mantine/core';

/**
 * A book's TOC with a free switch per node. A node under a free node is
 * free with it: its switch shows on and cannot be turned off there (turn
 * off the parent, or choose the child alone).
 */
export function FreeTocTree({
  nodes,
  busy,
  onSwitch,
}: {
  nodes: FreeTocNode[];
  busy: boolean;
  onSwitch: (node: FreeTocNode, isFree: boolean) => void;
}) {
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Table of contents">
      {nodes.map((n) => (
        <NodeRow key={n.id} node={n} depth={0} busy={busy} onSwitch={onSwitch} />
      ))}
    </Box>
  );
}

function NodeRow({
  node,
  depth,
  busy,
  onSwitch,
}: {
  node: FreeTocNode;
  depth: number;
  busy: boolean;
  onSwitch: (node: FreeTocNode, isFree: boolean) => void;
}) {
  const open = node.isFree || node.freeByParent;
  return (
    <li>
      <Group
        gap="sm"
        wrap="nowrap"
        py={4}
        pl={depth * 24}
        data-testid={`free-node-${node.id}`}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Switch
          checked={open}
          disabled={busy || node.freeByParent}
          onChange={(e) => onSwitch(node, e.currentTarget.checked)}
          aria-label={`Free: ${node.title}`}
        />
        <Text fz="sm" flex={1} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {node.title}
        </Text>
        <Text fz="xs" c="dimmed" tt="capitalize">
          {node.kind}
        </Text>
        {node.isFree && (
          <Badge size="sm" color="green" variant="light">
            Chosen
          </Badge>
        )}
        {node.freeByParent && (
          <Badge size="sm" color="gray" variant="light">
            Free with its parent
          </Badge>
        )}
        {node.status === 'inactive' && (
          <Badge size="sm" color="orange" variant="light">
            Inactive
          </Badge>
        )}
      </Group>
      {node.children.length > 0 && (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {node.children.map((c) => (
            <NodeRow key={c.id} node={c} depth={depth + 1} busy={busy} onSwitch={onSwitch} />
          ))}
        </Box>
      )}
    </li>
  );
}
