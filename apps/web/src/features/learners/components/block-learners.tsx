import type { Learner } from '@bo/contract';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BulkEditDialog } from '../../../components/bulk-edit-dialog.tsx';
import { filterOfList } from '../../../lib/bulk-edits.ts';
import { bulkEditLearners } from '../api/bulk-edit-learners.ts';
import { learnerKeys } from '../api/learner-keys.ts';

/**
 * Learners blocked or unblocked, the selected ones or all that match, as a
 * job with Undo (docs/bulk-edits.md). A block holds against the learner
 * app until it is lifted here; the dialog says so.
 */
export function BlockLearners({
  selected,
  listValues = {},
  matchingCount,
  only,
  initialAction = 'block',
  onClose,
}: {
  selected: Learner[];
  listValues?: Record<string, unknown>;
  matchingCount: { n: number; estimate: boolean } | null;
  /** From a learner's own page: the selected learner in words, and no "all that match". */
  only?: string;
  initialAction?: 'block' | 'unblock';
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'block' | 'unblock'>(initialAction);
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: learnerKeys.all }),
    [queryClient],
  );
  return (
    <BulkEditDialog
      noun={{ one: 'learner', many: 'learners' }}
      title="Block or unblock learners"
      selectedCount={selected.length}
      matchingCount={matchingCount}
      only={only}
      ready
      onStart={(scope) =>
        bulkEditLearners({
          selection:
            scope === 'selected'
              ? { ids: selected.map((l) => l.id) }
              : { filter: filterOfList(listValues) },
          set: { blocked: action === 'block' },
        })
      }
      onSettled={onSettled}
      onClose={onClose}
    >
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="learners-bulk-block">
          Action
        </Text>
        <SegmentedControl
          aria-labelledby="learners-bulk-block"
          value={action}
          onChange={(v) => setAction(v as 'block' | 'unblock')}
          data={[
            { value: 'block', label: 'Block' },
            { value: 'unblock', label: 'Unblock' },
          ]}
        />
        <Text fz="sm" c="dimmed">
          {action === 'block'
            ? 'Blocked learners get no mail or notifications, and the learner app cannot lift the block: only an unblock here does.'
            : 'Unblocked learners become active, and the learner app sets their status again.'}
        </Text>
      </Stack>
    </BulkEditDialog>
  );
}
