import type { TocNode } from '@bo/contract';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deleteTocNode, useTocMutation } from '../api/toc-api.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Asks before deleting a node, saying how many nodes and content items go with it. */
export function DeleteNodeModal(props: {
  isbn: string;
  node: TocNode;
  impact: { nodes: number; contentItems: number; practices: number };
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useTocMutation(props.isbn, deleteTocNode);
  const { impact } = props;
  return (
    <ConfirmModal
      title={`Delete "${props.node.title}"?`}
      confirmLabel="Delete"
      loading={remove.isPending}
      onClose={props.onClose}
      onConfirm={async () => {
        try {
          const r = await remove.mutateAsync({ id: props.node.id });
          notifySuccess(
            `Deleted ${plural(r.deleted.nodes, 'node')} and ${plural(r.deleted.contentItems, 'content item')}.`,
          );
          props.onDeleted();
        } catch (error) {
          notifyError(error);
        }
      }}
    >
      This removes {plural(impact.nodes, 'node')} (with everything under it) and{' '}
      {plural(impact.contentItems, 'content item')}. Uploaded PDFs are deleted.
      {impact.practices > 0 &&
        ` ${plural(impact.practices, 'practice')} on these nodes will stay without a node, and cannot be activated until given one.`}
    </ConfirmModal>
  );
}
