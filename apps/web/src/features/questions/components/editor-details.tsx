import { DIFFICULTIES, QUESTION_LANGUAGES, QUESTION_STATUSES } from '@bo/contract/questions';
import { NumberInput, Select, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { TagSelects } from '../../../components/tag-selects.tsx';
import { useQuestionTags } from '../api/question-tags.ts';
import type { EditorValues } from './editor-values.ts';

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const difficultyOptions = DIFFICULTIES.map((d) => ({ value: d, label: capital(d) }));
const statusOptions = QUESTION_STATUSES.map((s) => ({ value: s, label: capital(s) }));
const languageOptions = [...QUESTION_LANGUAGES];

/**
 * Everything about a question but its text and answer: curriculum (grade →
 * subject → chapter → topic, the shared selects), tags with suggestions from
 * the bank, difficulty, marks, negative marks, language and status.
 */
export function EditorDetails({ form }: { form: UseFormReturnType<EditorValues> }) {
  const v = form.getValues();
  const [tagQuery, setTagQuery] = useState('');
  const [tagSearch] = useDebouncedValue(tagQuery.trim().toLowerCase(), 250);
  const suggestions = useQuestionTags(tagSearch);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TagSelects
          withLabels
          anyLabel="No"
          value={{
            gradeId: v.gradeId,
            subjectId: v.subjectId,
            chapterId: v.chapterId,
            topicId: v.topicId,
          }}
          onChange={(tags) => form.setValues(tags)}
        />
      </SimpleGrid>
      {form.errors.chapterId && (
        <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 14 }}>
          {form.errors.chapterId}
        </div>
      )}
      <TagsInput
        label="Tags"
        description="Up to 20; press Enter after each. Saved in lower case."
        data={(suggestions.data?.items ?? []).map((t) => t.tag)}
        searchValue={tagQuery}
        onSearchChange={setTagQuery}
        maxTags={20}
        clearable
        acceptValueOnBlur
        {...form.getInputProps('tags')}
        onChange={(tags) =>
          form.setFieldValue('tags', [...new Set(tags.map((t) => t.trim().toLowerCase()))])
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Difficulty"
          data={difficultyOptions}
          allowDeselect={false}
          {...form.getInputProps('difficulty')}
        />
        <NumberInput
          label="Marks"
          required
          min={0.25}
          step={0.25}
          decimalScale={2}
          {...form.getInputProps('marks')}
        />
        <NumberInput
          label="Negative marks"
          min={0}
          step={0.25}
          decimalScale={2}
          {...form.getInputProps('negativeMarks')}
        />
        <Select
          label="Language"
          data={languageOptions}
          allowDeselect={false}
          searchable
          {...form.getInputProps('language')}
        />
        <Select
          label="Status"
          data={statusOptions}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
    </Stack>
  );
}
