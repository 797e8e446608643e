import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useGrades, useSubjects } from '../api/list-curriculum.ts';
import { statusOptions } from './labels.ts';

type Filters = {
  q?: string | undefined;
  gradeId?: number | undefined;
  subjectId?: number | undefined;
  status?: string | undefined;
};
type Patch = Record<string, string | number | undefined>;

/** Search and filters of the book list; the values live in the URL (see useListParams). */
export function BooksFilters({
  values,
  onChange,
}: {
  values: Filters;
  onChange: (patch: Patch, options?: { replace?: boolean }) => void;
}) {
  const [search, setSearch] = useState(values.q ?? '');
  const pushSearch = useDebouncedCallback((q: string) => onChange({ q }, { replace: true }), 300);
  useEffect(() => setSearch(values.q ?? ''), [values.q]);
  const grades = useGrades();
  const subjects = useSubjects(values.gradeId);

  const filtered = Boolean(values.q || values.gradeId || values.subjectId || values.status);
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Search books"
        placeholder="Search by ISBN or title"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value.trim());
        }}
        w={{ base: '100%', sm: 280 }}
      />
      <Select
        aria-label="Grade"
        placeholder={grades.isError ? 'Grades unavailable' : 'Any grade'}
        data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={values.gradeId ? String(values.gradeId) : null}
        onChange={(gradeId) => onChange({ gradeId: gradeId ?? undefined, subjectId: undefined })}
        disabled={grades.isError}
        clearable
        searchable
        w={160}
      />
      <Select
        aria-label="Subject"
        placeholder={values.gradeId ? 'Any subject' : 'Choose a grade first'}
        data={(subjects.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={values.subjectId ? String(values.subjectId) : null}
        onChange={(subjectId) => onChange({ subjectId: subjectId ?? undefined })}
        disabled={!values.gradeId || subjects.isError}
        clearable
        searchable
        w={180}
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={values.status ?? null}
        onChange={(status) => onChange({ status: status ?? undefined })}
        clearable
        w={150}
      />
      {filtered && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={() => {
            pushSearch.cancel();
            onChange({ q: undefined, gradeId: undefined, subjectId: undefined, status: undefined });
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
