import type { Book, BookBulkSet, BookStatus } from '@bo/contract';
import { Select, SimpleGrid } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BulkEditDialog } from '../../../components/bulk-edit-dialog.tsx';
import { TagSelects } from '../../../components/tag-selects.tsx';
import { filterOfList } from '../../../lib/bulk-edits.ts';
import { bookKeys } from '../api/book-keys.ts';
import { bulkEditBooks } from '../api/bulk-edit-books.ts';
import { statusOptions } from './labels.ts';

/** The books list's bulk edit: grade, subject and status of the selected books or all that match. */
export function BulkEditBooks({
  selected,
  listValues,
  matchingCount,
  onClose,
}: {
  selected: Book[];
  listValues: Record<string, unknown>;
  matchingCount: { n: number; estimate: boolean } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [set, setSet] = useState<BookBulkSet>({});
  const sent = Object.fromEntries(
    Object.entries(set).filter(([, v]) => v !== undefined && v !== null),
  ) as BookBulkSet;
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: bookKeys.all }),
    [queryClient],
  );
  return (
    <BulkEditDialog
      noun={{ one: 'book', many: 'books' }}
      selectedCount={selected.length}
      matchingCount={matchingCount}
      ready={Object.keys(sent).length > 0}
      onStart={(scope) =>
        bulkEditBooks({
          selection:
            scope === 'selected'
              ? { ids: selected.map((b) => b.id) }
              : { filter: filterOfList(listValues) },
          set: sent,
        })
      }
      onSettled={onSettled}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {/* Grade and subject only: a book has no chapter or topic. */}
        <TagSelects
          withLabels
          anyLabel="Keep the"
          levels={2}
          value={{
            gradeId: set.gradeId ?? null,
            subjectId: set.subjectId ?? null,
            chapterId: null,
            topicId: null,
          }}
          onChange={(tags) =>
            setSet((s) => ({
              ...s,
              gradeId: tags.gradeId ?? undefined,
              subjectId: tags.subjectId ?? undefined,
            }))
          }
        />
        <Select
          label="Status"
          placeholder="Leave as is"
          data={statusOptions}
          value={set.status ?? null}
          onChange={(v) => setSet((s) => ({ ...s, status: (v ?? undefined) as BookStatus }))}
          clearable
        />
      </SimpleGrid>
    </BulkEditDialog>
  );
}
