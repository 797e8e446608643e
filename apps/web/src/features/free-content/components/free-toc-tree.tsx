import type { FreeTocNode } from '@bo/contract';
import { Badge, Box, Group, Switch, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId } from 'react';

/**
 * A book's TOC with a free switch per node. A node under a free node is
 * free with it: its switch shows on (in the "on" colour, with a lock) and
 * cannot be turned off there (turn off the parent, or choose the child
 * alone); the "Free with its parent" badge describes it. A row's title takes
 * the width; its kind and badges follow it, below it on a narrow screen.
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
  const inheritedId = useId();
  const toggle = (
    <Switch
      checked={open}
      disabled={busy || node.freeByParent}
      onChange={(e) => onSwitch(node, e.currentTarget.checked)}
      aria-label={`Free: ${node.title}`}
      aria-describedby={node.freeByParent ? inheritedId : undefined}
      // On with its parent: drawn on (not the grey of "off"), with a lock, as it cannot be changed here.
      thumbIcon={
        node.freeByParent ? (
          <IconLock
            size={10}
            stroke={2.5}
            color="var(--mantine-primary-color-filled)"
            aria-hidden
          />
        ) : undefined
      }
      style={
        node.freeByParent
          ? { '--switch-disabled-color': 'var(--mantine-primary-color-filled)' }
          : undefined
      }
    />
  );
  return (
    <li>
      <Group
        gap="sm"
        wrap="nowrap"
        align="flex-start"
        py={4}
        pl={depth * 24}
        data-testid={`free-node-${node.id}`}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        {node.freeByParent ? (
          // A disabled input fires no pointer events: the tooltip listens on a wrapper.
          <Tooltip label="Free with its parent: turn the parent off to change it">
            <Box component="span" display="inline-flex" mt={2}>
              {toggle}
            </Box>
          </Tooltip>
        ) : (
          <Box component="span" display="inline-flex" mt={2}>
            {toggle}
          </Box>
        )}
        {/* The title and its kind and badges: one line when wide, the badges below the title when narrow. */}
        <Group gap="sm" flex={1} miw={0} align="center" style={{ rowGap: 4 }}>
          <Text fz="sm" flex="1 1 12rem" style={{ overflowWrap: 'break-word' }}>
            {node.title}
          </Text>
          <Group gap="xs">
            <Text fz="xs" c="dimmed" tt="capitalize">
              {node.kind}
            </Text>
            {node.isFree && (
              <Badge size="sm" color="green" variant="light">
                Chosen
              </Badge>
            )}
            {node.freeByParent && (
              <Badge id={inheritedId} size="sm" color="gray" variant="light">
                Free with its parent
              </Badge>
            )}
            {node.status === 'inactive' && (
              <Badge size="sm" color="orange" variant="light">
                Inactive
              </Badge>
            )}
          </Group>
        </Group>
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
