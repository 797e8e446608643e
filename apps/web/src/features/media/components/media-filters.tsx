import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { sourceOptions, statusOptions } from './labels.ts';
import { TagSelects } from './tag-selects.tsx';

type Filters = {
  q?: string | undefined;
  language?: string | undefined;
  gradeId?: number | undefined;
  subjectId?: number | undefined;
  chapterId?: number | undefined;
  topicId?: number | undefined;
  status?: string | undefined;
  source?: string | undefined;
};
type Patch = Record<string, string | number | null | undefined>;

const CLEARED = {
  q: undefined,
  language: undefined,
  gradeId: undefined,
  subjectId: undefined,
  chapterId: undefined,
  topicId: undefined,
  status: undefined,
  source: undefined,
};

/** Search and filters of the library; the values live in the URL (see useListParams). */
export function MediaFilters({
  values,
  onChange,
}: {
  values: Filters;
  onChange: (patch: Patch, options?: { replace?: boolean }) => void;
}) {
  const [search, setSearch] = useState(values.q ?? '');
  const [language, setLanguage] = useState(values.language ?? '');
  const pushSearch = useDebouncedCallback((q: string) => onChange({ q }, { replace: true }), 300);
  const pushLanguage = useDebouncedCallback(
    (l: string) => onChange({ language: l }, { replace: true }),
    300,
  );
  useEffect(() => setSearch(values.q ?? ''), [values.q]);
  useEffect(() => setLanguage(values.language ?? ''), [values.language]);
  const filtered = Object.keys(CLEARED).some((k) => values[k as keyof Filters] !== undefined);

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Search media"
        placeholder="Search by title or description"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value.trim());
        }}
        w={{ base: '100%', sm: 260 }}
      />
      <TextInput
        aria-label="Language"
        placeholder="Any language"
        value={language}
        onChange={(event) => {
          setLanguage(event.currentTarget.value);
          pushLanguage(event.currentTarget.value.trim());
        }}
        w={140}
      />
      <TagSelects
        anyLabel="Any"
        width={150}
        value={{
          gradeId: values.gradeId ?? null,
          subjectId: values.subjectId ?? null,
          chapterId: values.chapterId ?? null,
          topicId: values.topicId ?? null,
        }}
        onChange={(tags) => onChange({ ...tags })}
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={values.status ?? null}
        onChange={(status) => onChange({ status })}
        clearable
        w={130}
      />
      <Select
        aria-label="Source"
        placeholder="Any source"
        data={sourceOptions}
        value={values.source ?? null}
        onChange={(source) => onChange({ source })}
        clearable
        w={130}
      />
      {filtered && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={() => {
            pushSearch.cancel();
            pushLanguage.cancel();
            onChange(CLEARED);
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
