import type { BulkEdit } from '@bo/contract';
import { Alert, Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { canUndo, isBulkEditSettled, useBulkEdit, useUndoBulkEdit } from '../lib/bulk-edits.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { useJob } from '../lib/use-job.ts';
import { JobProgress } from './job-progress.tsx';

export type BulkScope = 'selected' | 'matching';

const many = (n: number, noun: { one: string; many: string }) =>
  `${n.toLocaleString('en')} ${n === 1 ? noun.one : noun.many}`;

/**
 * The one bulk edit dialog of every list (docs/bulk-edits.md): which rows
 * (the selected ones, or all that match the list's filters), the kind's
 * fields (`children`), then the job's progress, its result (rows refused
 * and why, or how many changed) and Undo, then the undo's result (rows left
 * alone and why). `onSettled` refreshes the list when the edit or its undo ends.
 */
export function BulkEditDialog({
  noun,
  title,
  selectedCount,
  matchingCount,
  only,
  children,
  ready,
  onStart,
  onSettled,
  onClose,
}: {
  noun: { one: string; many: string };
  /** The dialog's title; "Edit <noun>" when left out. */
  title?: string;
  selectedCount: number;
  /** How many rows the list's filters match (null: unknown); "about" when estimated. */
  matchingCount: { n: number; estimate: boolean } | null;
  /** The selected rows in words ("Asha Rao"), from a record's own page: no "all that match". */
  only?: string;
  children: ReactNode;
  /** False while no field is set. */
  ready: boolean;
  onStart: (scope: BulkScope) => Promise<BulkEdit>;
  onSettled: () => void;
  onClose: () => void;
}) {
  // Nothing selected (a list without row selection): every row that matches.
  const [scope, setScope] = useState<BulkScope>(selectedCount ? 'selected' : 'matching');
  const [started, setStarted] = useState<BulkEdit | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const followed = useBulkEdit(started?.id);
  const edit = followed.data ?? started;
  const job = useJob(
    edit?.state === 'undoing' || edit?.state === 'undone'
      ? (edit.undoJobId ?? undefined)
      : (edit?.jobId ?? undefined),
  );
  const undo = useUndoBulkEdit();
  const settled = edit ? isBulkEditSettled(edit.state) : false;
  // The list refreshes when the edit ends, and again when its undo ends.
  const settledAs = settled ? edit?.state : undefined;
  useEffect(() => {
    if (settledAs) onSettled();
  }, [settledAs, onSettled]);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setStarted(await onStart(scope));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setStarting(false);
    }
  };
  const busy = starting || (edit !== null && !settled);
  const matching = matchingCount
    ? `${matchingCount.estimate ? 'About ' : 'All '}${many(matchingCount.n, noun)} that match the filters`
    : `All ${noun.many} that match the filters`;

  return (
    <Modal
      opened
      onClose={onClose}
      title={title ?? `Edit ${noun.many}`}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <Stack gap="md">
        {!edit && (
          <>
            {only ? (
              <Text fz="sm">{only}</Text>
            ) : selectedCount === 0 ? (
              <Text fz="sm">{matching}.</Text>
            ) : (
              <Radio.Group
                label="Which rows"
                value={scope}
                onChange={(v) => setScope(v as BulkScope)}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="selected" label={`The ${many(selectedCount, noun)} selected`} />
                  <Radio value="matching" label={matching} />
                </Stack>
              </Radio.Group>
            )}
            <Text fz="sm" c="dimmed">
              Fields left empty stay as they are. Every row is checked first: if one is refused,
              nothing is changed and the refused rows are listed.
            </Text>
            {children}
            {error && (
              <Alert color="red" title="Could not start the edit">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={start} loading={starting} disabled={!ready}>
                Apply
              </Button>
            </Group>
          </>
        )}
        {edit && job.data && !settled && <JobProgress job={job.data} />}
        {edit && settled && <Outcome edit={edit} noun={noun} />}
        {edit && undo.error && (
          <Alert color="red" title="Could not undo">
            {errorMessage(undo.error)}
          </Alert>
        )}
        {edit && (
          <Group justify="flex-end">
            {edit.state === 'done' && canUndo(edit) && (
              <Button
                variant="default"
                loading={undo.isPending}
                onClick={() => undo.mutate({ id: edit.id })}
              >
                Undo
              </Button>
            )}
            <Button onClick={onClose}>
              {settled ? (only ? 'Done' : 'Back to the list') : 'Run in the background'}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** How a settled bulk edit ended, in words, with every row refused or left alone listed. */
function Outcome({ edit, noun }: { edit: BulkEdit; noun: { one: string; many: string } }) {
  if (edit.state === 'refused')
    return (
      <Alert color="red" title="Nothing was changed" data-testid="bulk-edit-refused">
        <Text fz="sm">
          {many(edit.refusedCount, noun)} of {edit.matched.toLocaleString('en')} would break a rule:
        </Text>
        <Notes notes={edit.refused} total={edit.refusedCount} />
      </Alert>
    );
  if (edit.state === 'undone')
    return (
      <Alert color="gray" title="Undone" data-testid="bulk-edit-undone">
        <Text fz="sm">Put back as before: {many(edit.restored, noun)}.</Text>
        {edit.leftAloneCount > 0 && (
          <>
            <Text fz="sm" mt="xs">
              {many(edit.leftAloneCount, noun)} left as they are:
            </Text>
            <Notes notes={edit.leftAlone} total={edit.leftAloneCount} />
          </>
        )}
      </Alert>
    );
  if (edit.state === 'failed')
    return (
      <Alert color="red" title="The edit failed">
        Nothing was changed.
      </Alert>
    );
  return (
    <Alert color="teal" title="Done" data-testid="bulk-edit-done">
      <Text fz="sm">
        {edit.summary} at {formatDateTime(edit.doneAt ?? edit.createdAt)}.
        {edit.changed < edit.matched &&
          ` ${many(edit.matched - edit.changed, noun)} already had these values.`}
      </Text>
      {edit.undoableUntil && (
        <Text fz="sm" c="dimmed">
          Undo is possible until {formatDateTime(edit.undoableUntil)}.
        </Text>
      )}
    </Alert>
  );
}

function Notes({ notes, total }: { notes: BulkEdit['refused']; total: number }) {
  const shown = notes.slice(0, 20);
  return (
    <List size="sm" mt={4}>
      {shown.map((n) => (
        <List.Item key={n.path}>
          {n.path}: {n.message}
        </List.Item>
      ))}
      {total > shown.length && <List.Item>and {total - shown.length} more</List.Item>}
    </List>
  );
}
