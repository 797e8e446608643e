import type { Question, QuestionRevision } from '@bo/contract';
import { Alert, Badge, Button, Card, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useRevisions } from '../api/question-revisions.ts';
import { asPreview } from './editor-preview.ts';
import { changedFieldsLabel, REVISION_ACTION_LABEL } from './history-labels.ts';
import { PreviewQuestion } from './preview-question.tsx';

/**
 * A question's history, newest first: who saved, when, how (created,
 * edited, restored, imported, status) and which fields changed. Each
 * revision can be viewed as the learner would see it, and an earlier one
 * restored (saved as a new revision, after asking).
 */
export function HistoryDrawer({
  saved,
  opened,
  unsaved,
  restoring,
  onRestore,
  onClose,
}: {
  /** The question as last saved. */
  saved: Question;
  opened: boolean;
  /** The form holds changes not yet saved (restoring replaces them). */
  unsaved: boolean;
  restoring: boolean;
  onRestore: (revision: number) => Promise<boolean>;
  onClose: () => void;
}) {
  const revisions = useRevisions(saved.id, opened);
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<QuestionRevision | null>(null);
  const items = revisions.data?.items ?? [];

  return (
    <Drawer opened={opened} onClose={onClose} title="History" position="right" size="lg">
      {revisions.isPending && <Skeleton h={200} />}
      {revisions.isError && (
        <Alert color="red" title="Could not load the history">
          {errorMessage(revisions.error)}
        </Alert>
      )}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((r) => {
          const current = r.revision === saved.revision;
          return (
            <Card
              key={r.revision}
              component="li"
              withBorder
              padding="sm"
              data-testid={`revision-${r.revision}`}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600} fz="sm">
                      Revision {r.revision}
                    </Text>
                    <Badge variant="light" size="sm">
                      {REVISION_ACTION_LABEL[r.action]}
                      {r.restoredFrom ? ` from ${r.restoredFrom}` : ''}
                    </Badge>
                    {current && (
                      <Badge variant="light" size="sm" color="teal">
                        Current
                      </Badge>
                    )}
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {r.byName ?? 'Someone'} · {formatDateTime(r.at)}
                  </Text>
                  <Text fz="xs">{changedFieldsLabel(r)}</Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-expanded={viewing === r.revision}
                    aria-label={`${viewing === r.revision ? 'Hide' : 'View'} revision ${r.revision}`}
                    onClick={() => setViewing(viewing === r.revision ? null : r.revision)}
                  >
                    {viewing === r.revision ? 'Hide' : 'View'}
                  </Button>
                  {!current && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Restore revision ${r.revision}`}
                      onClick={() => setConfirming(r)}
                    >
                      Restore
                    </Button>
                  )}
                </Group>
              </Group>
              {viewing === r.revision && (
                <Card mt="sm" bg="gray.0" padding="sm">
                  <PreviewQuestion
                    question={asPreview(r.question, saved, {
                      revision: r.revision,
                      byName: r.byName,
                      at: r.at,
                    })}
                  />
                </Card>
              )}
            </Card>
          );
        })}
      </Stack>
      {confirming && (
        <ConfirmModal
          title={`Restore revision ${confirming.revision}?`}
          confirmLabel="Restore"
          color="blue"
          loading={restoring}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            if (await onRestore(confirming.revision)) setConfirming(null);
          }}
        >
          The question goes back to how it was at revision {confirming.revision} (
          {formatDateTime(confirming.at)}), saved as a new revision; the history keeps every
          revision.
          {unsaved && ' The changes you have not saved in the form are lost.'}
        </ConfirmModal>
      )}
    </Drawer>
  );
}
