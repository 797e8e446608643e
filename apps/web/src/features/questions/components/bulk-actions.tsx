import type { QuestionRow, QuestionStatus } from '@bo/contract';
import { Alert, Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { ServerRichTextView } from '../../../components/rich-text/server-rich-text-view.tsx';
import { SelectionBar } from '../../../components/selection-bar.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyOutcome } from '../../../lib/notify.ts';
import { useChangeQuestionStatus } from '../api/change-question-status.ts';
import { useDeleteQuestions } from '../api/delete-questions.ts';
import { questionsCount, STATUS_LABEL, statusOptions } from './list-labels.ts';

// The bulk edit dialog (its fields, the curriculum selects) loads when first opened.
const BulkEditQuestions = lazyDialog(() =>
  import('./bulk-edit-questions.tsx').then((m) => m.BulkEditQuestions),
);

type Pending = { kind: 'status'; status: QuestionStatus } | { kind: 'delete' };

/**
 * What can be done to the selected rows at once: set their status or delete
 * them, each after a confirmation that names them. A refusal (a question in
 * use answers 409 naming what uses it) stays in the dialog, in the server's
 * words, so it can be read; nothing was changed then (all or none).
 */
export function BulkActions({
  selected,
  listValues,
  matchingCount,
  onDone,
}: {
  selected: QuestionRow[];
  /** The list's query, for "all that match". */
  listValues: Record<string, unknown>;
  matchingCount: { n: number; estimate: boolean } | null;
  onDone: () => void;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useChangeQuestionStatus();
  const remove = useDeleteQuestions();
  const ids = selected.map((q) => q.id);
  const count = questionsCount(selected.length);

  const open = (p: Pending) => {
    setRefusal(null);
    setPending(p);
  };
  const close = () => setPending(null);
  const finish = (done: number, said: { done: string; nothing: string }) => {
    notifyOutcome(done, said);
    setPending(null);
    onDone();
  };
  const confirm = () => {
    if (!pending) return;
    const onError = (e: unknown) => setRefusal(errorMessage(e));
    if (pending.kind === 'status') {
      const word = STATUS_LABEL[pending.status].toLowerCase();
      change.mutate(
        { ids, status: pending.status },
        {
          onSuccess: (r) =>
            finish(r.updated, {
              done: `${questionsCount(r.updated)} ${r.updated === 1 ? 'is' : 'are'} now ${word}.`,
              nothing: `${selected.length === 1 ? 'This question was' : 'These questions were'} already ${word}.`,
            }),
          onError,
        },
      );
    } else {
      remove.mutate(
        { ids },
        {
          onSuccess: (r) =>
            finish(r.deleted, {
              done: `${questionsCount(r.deleted)} ${r.deleted === 1 ? 'was' : 'were'} deleted.`,
              nothing: 'No question was deleted.',
            }),
          onError,
        },
      );
    }
  };

  return (
    <SelectionBar
      count={count}
      statusOptions={statusOptions}
      onStatus={(status) => open({ kind: 'status', status })}
      onClear={onDone}
    >
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} />}
        onClick={() => setEditing(true)}
      >
        Edit fields
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => open({ kind: 'delete' })}
      >
        Delete
      </Button>

      {editing && (
        <BulkEditQuestions
          selected={selected}
          listValues={listValues}
          matchingCount={matchingCount}
          onClose={() => {
            setEditing(false);
            onDone();
          }}
        />
      )}
      {pending && (
        <ConfirmModal
          title={pending.kind === 'delete' ? 'Delete questions?' : 'Change status?'}
          confirmLabel={
            pending.kind === 'delete'
              ? `Delete ${count}`
              : `Set ${count} ${STATUS_LABEL[pending.status].toLowerCase()}`
          }
          color={pending.kind === 'delete' ? 'red' : 'blue'}
          loading={change.isPending || remove.isPending}
          onClose={close}
          onConfirm={confirm}
        >
          {pending.kind === 'delete' ? (
            <>
              These questions will be deleted with their history. A question that a test or practice
              uses cannot be deleted; nothing is deleted then.
            </>
          ) : (
            <>
              Set the status of these questions to <b>{STATUS_LABEL[pending.status]}</b>.
            </>
          )}
          <ul>
            {selected.slice(0, 8).map((q) => (
              <li key={q.id}>
                <ServerRichTextView html={q.stemView} lines={1} />
              </li>
            ))}
            {selected.length > 8 && <li>and {selected.length - 8} more</li>}
          </ul>
          {refusal && (
            <Alert color="red" title="Nothing was changed" data-testid="bulk-refusal">
              {refusal}
            </Alert>
          )}
        </ConfirmModal>
      )}
    </SelectionBar>
  );
}
