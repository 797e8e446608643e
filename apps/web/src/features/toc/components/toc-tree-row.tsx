import type { TocNode } from '@bo/contract';
import { ActionIcon, Badge, Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type CSSProperties, type HTMLAttributes, useState } from 'react';
import { moveActions, RowMenu } from '../../../components/row-menu.tsx';
import { type FlatNode, INDENT } from '../utils/flat-tree.ts';
import { childKind, KIND_LABEL } from '../utils/node-kinds.ts';
import { TocRenameForm } from './toc-rename-form.tsx';
import classes from './toc-tree.module.css';

/** Left edge of a top-level row's chevron: padding, handle and gaps. */
export const ROW_START = 34;

/** One vertical line per level above the row, each under its ancestor's chevron. */
function Guides({ depth }: { depth: number }) {
  return (
    <Box className={classes.guides} style={{ width: depth * INDENT }} aria-hidden>
      {Array.from({ length: depth }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one line per level, never reordered
        <span key={i} className={classes.guide} style={{ width: INDENT }} />
      ))}
    </Box>
  );
}

/** A flag keeps its word whole: on a phone the row's title gives way, not "Free". */
const WHOLE = { flexShrink: 0 } as const;

function Flags({ node }: { node: TocNode }) {
  return (
    <>
      {node.isFree && (
        // The light teal badge's own colours fall just short of 4.5:1 at this size.
        <Badge size="xs" variant="light" color="teal" c="teal.9" bg="teal.0" style={WHOLE}>
          Free
        </Badge>
      )}
      {node.status === 'inactive' && (
        <Badge size="xs" variant="outline" color="gray" c="gray.7" style={WHOLE}>
          Inactive
        </Badge>
      )}
    </>
  );
}

function Title({ node }: { node: TocNode }) {
  return (
    <Text fz="sm" truncate c={node.status === 'inactive' ? 'dimmed' : undefined}>
      {node.title}
      {node.contentCount > 0 && (
        <Text span c="dimmed" fz="xs">
          {' '}
          · {node.contentCount} item{node.contentCount === 1 ? '' : 's'}
        </Text>
      )}
    </Text>
  );
}

/**
 * How a row takes part in dragging. Before the first press on a handle the
 * tree has no drag code (toc-tree.tsx): the handle's props only wake it; then
 * dnd-kit's sortable row (toc-sortable-rows.tsx) fills all of them.
 */
export interface RowDrag {
  rowRef?: (element: HTMLElement | null) => void;
  handleRef?: (element: HTMLElement | null) => void;
  handleProps: HTMLAttributes<HTMLElement>;
  /** The row's shift and transition while rows make room for the dragged one. */
  style?: CSSProperties;
  /** This row is the one being dragged (shown as the ghost of where it lands). */
  dragging?: boolean;
}

export interface RowProps {
  row: FlatNode;
  /** The depth shown: the projected one while the row is dragged. */
  depth: number;
  isbn: string;
  expanded: boolean;
  selected: boolean;
  onToggle: () => void;
  onSelect: () => void;
  onAddChild: () => void;
  /** One place up or down among its siblings. */
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  drag: RowDrag;
}

/**
 * A row of the tree: drag handle, expand, kind, title (inline rename), flags,
 * and its actions in one "…" menu shown on hover, focus or selection (always
 * reachable with Tab), so deep rows keep their width for the title.
 */
export function TocTreeRow(props: RowProps) {
  const { node } = props.row;
  const { drag } = props;
  const [editing, setEditing] = useState(false);
  const hasChildren = node.children.length > 0;
  return (
    <Group
      ref={drag.rowRef}
      gap={4}
      wrap="nowrap"
      className={classes.row}
      data-selected={props.selected || undefined}
      data-ghost={drag.dragging || undefined}
      style={{
        ...drag.style,
        ['--ghost-left' as string]: `${ROW_START + props.depth * INDENT}px`,
      }}
      data-testid="toc-node"
      data-depth={props.depth}
    >
      <ActionIcon
        ref={drag.handleRef}
        variant="subtle"
        color="gray"
        size="sm"
        className={classes.handle}
        {...drag.handleProps}
        data-drag-handle={node.id}
        aria-label={`Drag ${node.title}`}
      >
        <IconGripVertical size={14} />
      </ActionIcon>
      <Guides depth={props.depth} />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={props.onToggle}
        aria-label={props.expanded ? `Collapse ${node.title}` : `Expand ${node.title}`}
        style={{ visibility: hasChildren ? 'visible' : 'hidden' }}
      >
        {props.expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
      </ActionIcon>
      <Badge size="xs" variant="light" color="gray" w={64} style={{ flexShrink: 0 }}>
        {KIND_LABEL[node.kind]}
      </Badge>
      {editing ? (
        <TocRenameForm node={node} isbn={props.isbn} onClose={() => setEditing(false)} />
      ) : (
        <UnstyledButton onClick={props.onSelect} className={classes.title}>
          <Title node={node} />
          <Flags node={node} />
        </UnstyledButton>
      )}
      {/* Not while renaming: the closing menu would take the focus back from the input. */}
      {!editing && (
        <RowMenu
          name={node.title}
          className={classes.menu}
          actions={[
            {
              label: `Add ${KIND_LABEL[childKind(node.kind)].toLowerCase()} under it`,
              icon: IconPlus,
              onClick: props.onAddChild,
              focusesField: true,
            },
            {
              label: 'Rename',
              icon: IconPencil,
              onClick: () => setEditing(true),
            },
            // Among its siblings; dragging (or the node panel) moves it elsewhere.
            ...moveActions(
              props.row.index,
              props.row.siblings,
              (by) => typeof by === 'number' && props.onMove(by),
              false,
            ),
            { label: 'Delete', icon: IconTrash, danger: true, onClick: props.onDelete },
          ]}
        />
      )}
    </Group>
  );
}

/** What follows the pointer while a row is dragged: the row's look, and how many go with it. */
export function TocRowOverlay({ node, under }: { node: TocNode; under: number }) {
  return (
    <Paper shadow="md" withBorder px="xs" py={4} className={classes.overlay}>
      <Group gap={6} wrap="nowrap">
        <IconGripVertical size={14} />
        <Badge size="xs" variant="light" color="gray" w={64} style={{ flexShrink: 0 }}>
          {KIND_LABEL[node.kind]}
        </Badge>
        <Title node={node} />
        {under > 0 && (
          <Badge size="sm" variant="filled" title={`${under} nodes under it`}>
            +{under}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
