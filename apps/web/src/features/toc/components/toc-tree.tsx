import type { Toc, TocNode, TocNodeKind } from '@bo/contract';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, useMemo, useRef, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useAddTocNode } from '../api/add-toc-node.ts';
import { useMoveTocNode } from '../api/move-toc-node.ts';
import { type TocNodeImpact, tocNodeImpact } from '../api/toc-node-impact.ts';
import { useDragOnDemand } from '../hooks/use-drag-on-demand.ts';
import {
  type FlatNode,
  flattenVisible,
  isInSubtree,
  type MoveTarget,
  moveInTree,
  subtreeIds,
} from '../utils/flat-tree.ts';
import { childKind } from '../utils/node-kinds.ts';
import { AddNodeForm } from './toc-add-node-form.tsx';
import type { TreeRowProps } from './toc-sortable-rows.tsx';
import { TocTreeRow } from './toc-tree-row.tsx';

const DeleteNodeModal = lazyDialog(() =>
  import('./toc-delete-modal.tsx').then((m) => m.DeleteNodeModal),
);

interface TreeProps {
  toc: Toc;
  isbn: string;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

const SCREEN_READER_INSTRUCTIONS =
  'To move a node, press Space or Enter on its drag handle. Up and Down move it among the rows ' +
  'at its own level, past the open children of another node; Right nests it under the row above, ' +
  'Left takes it out one level. ' +
  'Space or Enter drops it, Escape cancels.';

/**
 * The TOC as an indented tree: expand/collapse, add child, inline rename,
 * delete, and moving a node — by dragging its handle (pointer or keyboard;
 * the horizontal offset picks the parent) or with the row menu's move up/down
 * and the node panel's "Place under". A move shows at once and the tree then shows
 * the server's answer.
 *
 * The rows render without the drag code until a drag handle is first
 * pressed (hooks/use-drag-on-demand.ts), then through `SortableRows`.
 */
export function TocTree({ toc, isbn, selectedId, onSelect }: TreeProps) {
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState<{ parentId: number | null; kind: TocNodeKind } | null>(null);
  const [deleting, setDeleting] = useState<{
    node: TocNode;
    impact: TocNodeImpact;
  } | null>(null);
  const [moving, setMoving] = useState<TocNode[] | null>(null);
  const moves = useRef(0);
  const add = useAddTocNode(isbn);
  const move = useMoveTocNode(isbn);
  const nodes = moving ?? toc.nodes;

  const sendMove = async (target: MoveTarget) => {
    if (isInSubtree(nodes, target.id, target.parentId)) {
      notifyError(new Error('A node cannot go under itself or one of its descendants.'));
      return;
    }
    // Shown at once; the server's answer replaces it unless a later move came meanwhile.
    const seq = ++moves.current;
    setMoving(moveInTree(nodes, target));
    try {
      await move.mutateAsync(target);
    } catch (error) {
      notifyError(error);
    } finally {
      if (moves.current === seq) setMoving(null);
    }
  };
  const lazyDrag = useDragOnDemand();
  const rows = useMemo(() => flattenVisible(nodes, collapsed), [nodes, collapsed]);

  const setOpen = (id: number, open: boolean) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  // The add form goes below the last visible row under its parent.
  const addFormAfter = (row: FlatNode, shown: FlatNode[]) => {
    if (adding?.parentId == null) return null;
    const i = shown.findIndex((r) => r.id === adding.parentId);
    const parent = shown[i];
    if (!parent) return null;
    let j = i + 1;
    while (shown[j] && shown[j]!.depth > parent.depth) j++;
    return shown[j - 1]!.id === row.id ? addForm(adding.parentId, parent.depth + 1) : null;
  };
  const addForm = (parentId: number | null, depth: number) =>
    adding && (
      <AddNodeForm
        depth={depth}
        kind={adding.kind}
        loading={add.isPending}
        onCancel={() => setAdding(null)}
        onSubmit={async (title, kind) => {
          await add.mutateAsync({ bookId: toc.book.id, parentId, title, kind });
          // Only this form: another may have been opened while the tree was read again.
          setAdding((a) => (a === adding ? null : a));
        }}
      />
    );

  const rowProps = (row: FlatNode): TreeRowProps => ({
    row,
    isbn,
    expanded: !collapsed.has(row.id),
    selected: row.id === selectedId,
    onToggle: () => setOpen(row.id, collapsed.has(row.id)),
    onSelect: () => onSelect(row.id),
    onAddChild: () => {
      setOpen(row.id, true);
      setAdding({ parentId: row.id, kind: childKind(row.node.kind) });
    },
    onMove: (delta) =>
      move
        .mutateAsync({ id: row.id, parentId: row.parentId, position: row.index + delta })
        .catch(notifyError),
    onDelete: () =>
      tocNodeImpact(row.id).then((impact) => setDeleting({ node: row.node, impact }), notifyError),
  });

  return (
    <Stack ref={lazyDrag.treeRef} gap={0} data-testid="toc-tree" aria-busy={move.isPending}>
      {toc.nodes.length === 0 && (
        <Text fz="sm" c="dimmed">
          No TOC yet: build a draft from the masters or add a unit.
        </Text>
      )}
      {lazyDrag.SortableRows ? (
        <lazyDrag.SortableRows
          nodes={nodes}
          collapsed={collapsed}
          screenReaderInstructions={SCREEN_READER_INSTRUCTIONS}
          rowProps={rowProps}
          after={addFormAfter}
          onDrop={sendMove}
          onReady={lazyDrag.onReady}
        />
      ) : (
        <>
          <div id={lazyDrag.instructionsId} hidden>
            {SCREEN_READER_INSTRUCTIONS}
          </div>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <TocTreeRow {...rowProps(row)} depth={row.depth} drag={lazyDrag.handle(row.id)} />
              {addFormAfter(row, rows)}
            </Fragment>
          ))}
        </>
      )}
      <Box pt={4}>
        {adding?.parentId === null ? (
          addForm(null, 0)
        ) : (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setAdding({ parentId: null, kind: 'unit' })}
            >
              Add a top-level node
            </Button>
          </Group>
        )}
      </Box>
      {deleting && (
        <DeleteNodeModal
          isbn={isbn}
          node={deleting.node}
          impact={deleting.impact}
          roots={toc.nodes}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            if (selectedId !== null && subtreeIds(deleting.node).includes(selectedId))
              onSelect(null);
            setDeleting(null);
          }}
        />
      )}
    </Stack>
  );
}
