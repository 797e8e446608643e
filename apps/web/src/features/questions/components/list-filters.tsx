import type { questionListQuery } from '@bo/contract/questions-routes';
import { Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { z } from 'zod';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { curriculumFilter } from '../../../components/tag-selects.tsx';
import { hasFilters, type ListUpdate } from '../../../lib/search-params.ts';
import { useQuestionTags } from '../api/question-tags.ts';
import {
  difficultyOptions,
  languageOptions,
  sourceOptions,
  statusOptions,
  typeOptions,
} from './list-labels.ts';

type Filters = Omit<z.output<typeof questionListQuery>, 'page' | 'pageSize' | 'sort' | 'order'>;

const FILTER_KEYS = [
  'q',
  'gradeId',
  'subjectId',
  'chapterId',
  'topicId',
  'type',
  'difficulty',
  'status',
  'tag',
  'language',
  'source',
  'createdFrom',
  'createdTo',
] as const;

export const hasQuestionFilters = (values: Filters) => hasFilters(values, FILTER_KEYS);

/**
 * Search and filters of the question bank, every value in the URL (see
 * useListParams), so a filtered list can be bookmarked or sent.
 */
export function ListFilters({ values, onChange }: { values: Filters; onChange: ListUpdate }) {
  return (
    <FilterBar
      values={values}
      onChange={onChange}
      search={{
        label: 'Search questions',
        placeholder: 'Words or beginnings of words',
        width: 300,
      }}
      filters={[
        curriculumFilter(values, onChange),
        select('type', 'Type', 'Any type', typeOptions, 170),
        select('difficulty', 'Difficulty', 'Any difficulty', difficultyOptions, 150),
        select('status', 'Status', 'Any status', statusOptions, 130),
        {
          kind: 'custom',
          keys: ['tag'],
          element: <TagFilter value={values.tag} onChange={(tag) => onChange({ tag })} />,
        },
        {
          ...select('language', 'Language', 'Any language', languageOptions, 150),
          searchable: true,
        },
        select('source', 'Source', 'Any source', sourceOptions, 150),
        {
          kind: 'custom',
          keys: ['createdFrom', 'createdTo'],
          element: (
            <>
              <CreatedDate
                edge="From"
                name="Created from"
                value={values.createdFrom}
                max={values.createdTo}
                onChange={(createdFrom) => onChange({ createdFrom })}
              />
              <CreatedDate
                edge="To"
                name="Created until"
                value={values.createdTo}
                min={values.createdFrom}
                onChange={(createdTo) => onChange({ createdTo })}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * One end of the creation date range. The word before the box (From / To)
 * because the browser's own placeholder says only "mm/dd/yyyy"; `min`/`max`
 * keep the range the right way round.
 */
function CreatedDate({
  edge,
  name,
  value,
  min,
  max,
  onChange,
}: {
  edge: string;
  name: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (day: string) => void;
}) {
  return (
    <TextInput
      aria-label={name}
      title={name}
      type="date"
      leftSection={
        <Text fz="xs" c="dimmed" aria-hidden>
          {edge}
        </Text>
      }
      leftSectionWidth={44}
      w={186}
      value={value ?? ''}
      min={min || undefined}
      max={max || undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function select<K extends keyof Filters & string>(
  key: K,
  label: string,
  placeholder: string,
  data: { value: string; label: string }[],
  width: number,
) {
  return { kind: 'select' as const, key, label, placeholder, data, width };
}

/** Tags in use, most used first; typing asks the server for tags starting with the text. */
function TagFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim().toLowerCase(), 250);
  // While a tag is chosen the box shows it: that is not a search.
  const tags = useQuestionTags(value && typed === value ? '' : typed);
  const items = tags.data?.items ?? [];
  const counts = new Map(items.map((t) => [t.tag, t.count]));
  const data = items.map((t) => ({ value: t.tag, label: t.tag }));
  if (value && !items.some((t) => t.tag === value)) data.unshift({ value, label: value });
  return (
    <Select
      aria-label="Tag"
      placeholder={tags.isError ? 'Tags unavailable' : 'Any tag'}
      data={data}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      searchValue={search}
      onSearchChange={setSearch}
      searchable
      clearable
      filter={({ options }) => options}
      renderOption={({ option }) => (
        <span>
          {option.label}
          {counts.has(option.value) && (
            <Text span c="dimmed" fz="xs">
              {' '}
              ({counts.get(option.value)})
            </Text>
          )}
        </span>
      )}
      nothingFoundMessage={typed ? 'No tag starts with that' : 'No tags yet'}
      w={170}
    />
  );
}
