import type { PrintedCodesTo, TocNode } from '@bo/contract';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import {
  choiceFields,
  PrintedCodesChoiceField,
} from '../../../components/printed-codes-choice.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteTocNode } from '../api/delete-toc-node.ts';
import type { TocNodeImpact } from '../api/toc-node-impact.ts';
import { subtreeIds } from '../utils/flat-tree.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "Unit 1 › Fractions" for every node outside `skip` (the subtree that goes). */
function nodeOptions(
  nodes: TocNode[],
  skip: Set<number>,
  above = '',
): { value: string; label: string }[] {
  return nodes.flatMap((n) => {
    if (skip.has(n.id)) return [];
    const path = above ? `${above} › ${n.title}` : n.title;
    return [{ value: String(n.id), label: path }, ...nodeOptions(n.children, skip, path)];
  });
}

/**
 * Asks before deleting a node, saying how many nodes and content items go
 * with it, and, when printed QR codes point into it, how many and where they
 * should point next (the server refuses the delete without that choice).
 */
export function DeleteNodeModal(props: {
  isbn: string;
  node: TocNode;
  impact: TocNodeImpact;
  /** The whole tree, for "Another node". */
  roots: TocNode[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteTocNode(props.isbn);
  const { impact } = props;
  const [to, setTo] = useState<PrintedCodesTo | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const codes = impact.qrCodes;
  return (
    <ConfirmModal
      title={`Delete "${props.node.title}"?`}
      confirmLabel="Delete"
      loading={remove.isPending}
      onClose={props.onClose}
      onConfirm={async () => {
        const choice = codes ? choiceFields(to, target) : {};
        if (!choice) {
          setChoiceError(
            to ? 'Choose the node they should open' : 'Choose where they should point',
          );
          return;
        }
        try {
          const r = await remove.mutateAsync({ id: props.node.id, ...choice });
          notifySuccess(
            `Deleted ${plural(r.deleted.nodes, 'node')} and ${plural(r.deleted.contentItems, 'content item')}.`,
          );
          props.onDeleted();
        } catch (error) {
          notifyError(error);
        }
      }}
    >
      <Stack gap="md">
        <Text fz="sm">
          This removes {plural(impact.nodes, 'node')} (with everything under it) and{' '}
          {plural(impact.contentItems, 'content item')}. Uploaded PDFs are deleted.
          {impact.practices > 0 &&
            ` ${plural(impact.practices, 'practice')} on these nodes will stay without a node, and cannot be activated until given one.`}
        </Text>
        {codes > 0 && (
          <>
            <Text fz="sm" fw={600} data-testid="printed-codes-impact">
              {plural(codes, 'printed QR code')} {codes === 1 ? 'points' : 'point'} here (
              {plural(impact.qrScans30Days, 'scan')} in the last 30 days). Learners will keep
              scanning {codes === 1 ? 'it' : 'them'}.
            </Text>
            <PrintedCodesChoiceField
              offer={props.node.parentId === null ? ['book', 'node'] : ['parent', 'book', 'node']}
              to={to}
              target={target}
              onChange={(t, v) => {
                setTo(t);
                setTarget(v);
                setChoiceError(null);
              }}
              targets={nodeOptions(props.roots, new Set(subtreeIds(props.node)))}
              error={choiceError}
            />
          </>
        )}
      </Stack>
    </ConfirmModal>
  );
}
