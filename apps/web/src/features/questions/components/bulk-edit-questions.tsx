import type { QuestionBulkSet, QuestionRow } from '@bo/contract';
import { DIFFICULTIES, QUESTION_LANGUAGES, QUESTION_STATUSES } from '@bo/contract/questions';
import { NumberInput, Select, SimpleGrid, TagsInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BulkEditDialog } from '../../../components/bulk-edit-dialog.tsx';
import { TagSelects } from '../../../components/tag-selects.tsx';
import { filterOfList } from '../../../lib/bulk-edits.ts';
import { bulkEditQuestions } from '../api/bulk-edit-questions.ts';
import { questionKeys } from '../api/question-keys.ts';

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: capital(v) }));
const KEEP = 'Leave as is';
const tagsOf = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()))];

/**
 * The question bank's bulk edit: curriculum, tags added or removed,
 * difficulty, marks, negative marks, language and status, for the selected
 * questions or all that match the list's filters.
 */
export function BulkEditQuestions({
  selected,
  listValues,
  matchingCount,
  onClose,
}: {
  selected: QuestionRow[];
  listValues: Record<string, unknown>;
  matchingCount: { n: number; estimate: boolean } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [set, setSet] = useState<QuestionBulkSet>({});
  const put = (patch: Partial<QuestionBulkSet>) => setSet((s) => ({ ...s, ...patch }));
  const place = {
    gradeId: set.gradeId ?? null,
    subjectId: set.subjectId ?? null,
    chapterId: set.chapterId ?? null,
    topicId: set.topicId ?? null,
  };
  const sent = Object.fromEntries(
    Object.entries(set).filter(
      ([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && !v.length),
    ),
  ) as QuestionBulkSet;
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: questionKeys.all }),
    [queryClient],
  );
  return (
    <BulkEditDialog
      noun={{ one: 'question', many: 'questions' }}
      selectedCount={selected.length}
      matchingCount={matchingCount}
      ready={Object.keys(sent).length > 0}
      onStart={(scope) =>
        bulkEditQuestions({
          selection:
            scope === 'selected'
              ? { ids: selected.map((q) => q.id) }
              : { filter: filterOfList(listValues) },
          set: sent,
        })
      }
      onSettled={onSettled}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TagSelects
          withLabels
          anyLabel="Keep the"
          value={place}
          onChange={(tags) =>
            put({
              gradeId: tags.gradeId ?? undefined,
              subjectId: tags.subjectId ?? undefined,
              chapterId: tags.chapterId ?? undefined,
              topicId: tags.topicId ?? undefined,
            })
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TagsInput
          label="Add tags"
          value={set.addTags ?? []}
          onChange={(t) => put({ addTags: tagsOf(t) })}
          maxTags={20}
          acceptValueOnBlur
          clearable
        />
        <TagsInput
          label="Remove tags"
          value={set.removeTags ?? []}
          onChange={(t) => put({ removeTags: tagsOf(t) })}
          maxTags={20}
          acceptValueOnBlur
          clearable
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Difficulty"
          placeholder={KEEP}
          data={options(DIFFICULTIES)}
          value={set.difficulty ?? null}
          onChange={(v) => put({ difficulty: (v ?? undefined) as QuestionBulkSet['difficulty'] })}
          clearable
        />
        <NumberInput
          label="Marks"
          placeholder={KEEP}
          min={0.25}
          step={0.25}
          decimalScale={2}
          value={set.marks ?? ''}
          onChange={(v) => put({ marks: typeof v === 'number' ? v : undefined })}
        />
        <NumberInput
          label="Negative marks"
          placeholder={KEEP}
          min={0}
          step={0.25}
          decimalScale={2}
          value={set.negativeMarks ?? ''}
          onChange={(v) => put({ negativeMarks: typeof v === 'number' ? v : undefined })}
        />
        <Select
          label="Language"
          placeholder={KEEP}
          data={[...QUESTION_LANGUAGES]}
          value={set.language ?? null}
          onChange={(v) => put({ language: (v ?? undefined) as QuestionBulkSet['language'] })}
          clearable
          searchable
        />
        <Select
          label="Status"
          placeholder={KEEP}
          data={options(QUESTION_STATUSES)}
          value={set.status ?? null}
          onChange={(v) => put({ status: (v ?? undefined) as QuestionBulkSet['status'] })}
          clearable
        />
      </SimpleGrid>
    </BulkEditDialog>
  );
}
