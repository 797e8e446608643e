import type { Audience, AudienceFilters, AudienceKind } from '@bo/contract/audience';
import {
  Alert,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../lib/api-error.ts';
import { useBookOptions } from '../lib/book-options.ts';
import { useGrades } from '../lib/curriculum/list-grades.ts';
import { useAudienceCount } from '../lib/use-audience-count.ts';

/**
 * Who receives a pop-up, a notification or a mailer: every learner, those
 * matching criteria, or a pasted list; with the live count of learners it
 * holds (and the pasted entries that name no learner).
 */
export interface AudiencePickerProps {
  value: Audience;
  onChange: (audience: Audience) => void;
  /** The form's message for the audience, if any. */
  error?: string | undefined;
}

const KIND_LABEL: Record<AudienceKind, string> = {
  all: 'All learners',
  filter: 'Learners matching criteria',
  list: 'A pasted list',
};

/** Entries of the pasted list: one per line, or separated by commas, semicolons or spaces. */
export const splitEntries = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function AudiencePicker({ value, onChange, error }: AudiencePickerProps) {
  const [listText, setListText] = useState(value.kind === 'list' ? value.entries.join('\n') : '');
  const setKind = (kind: string) => {
    if (kind === 'all') onChange({ kind: 'all' });
    else if (kind === 'filter') onChange({ kind: 'filter', filters: {} });
    else onChange({ kind: 'list', entries: splitEntries(listText) });
  };
  return (
    <Stack gap="sm">
      <Radio.Group label="Audience" value={value.kind} onChange={setKind} error={error}>
        <Group mt={4}>
          {(['all', 'filter', 'list'] as const).map((k) => (
            <Radio key={k} value={k} label={KIND_LABEL[k]} />
          ))}
        </Group>
      </Radio.Group>
      {value.kind === 'filter' && (
        <AudienceCriteria
          filters={value.filters}
          onChange={(filters) => onChange({ kind: 'filter', filters })}
        />
      )}
      {value.kind === 'list' && (
        <Textarea
          label="Learner ids, app ids or e-mails"
          description="One per line, or separated by commas"
          autosize
          minRows={3}
          maxRows={8}
          value={listText}
          onChange={(e) => {
            setListText(e.currentTarget.value);
            onChange({ kind: 'list', entries: splitEntries(e.currentTarget.value) });
          }}
        />
      )}
      <AudienceCount audience={value} />
    </Stack>
  );
}

/** The learners the audience holds now, said in words; a refused list names its bad entries. */
function AudienceCount({ audience }: { audience: Audience }) {
  const count = useAudienceCount(audience);
  let text: string;
  if (audience.kind === 'list' && audience.entries.length === 0)
    text = 'Paste at least one learner';
  else if (count.isError)
    text = count.error instanceof ApiError ? count.error.message : 'The count could not be loaded';
  else if (!count.data) text = 'Counting learners…';
  else
    text = `${count.data.count.toLocaleString('en-IN')} ${count.data.count === 1 ? 'learner' : 'learners'}`;
  const unknown = count.data?.unknown ?? [];
  return (
    <Stack gap={4} aria-live="polite" data-testid="audience-count">
      <Text fw={600} c={count.isError ? 'red.8' : undefined}>
        {text}
      </Text>
      <Text fz="xs" c="dimmed">
        Blocked learners are never included.
      </Text>
      {audience.kind === 'list' && unknown.length > 0 && (
        <Alert color="orange" title={`${unknown.length} entries name no learner`}>
          <Text size="sm">
            {unknown.slice(0, 20).join(', ')}
            {unknown.length > 20 ? ` and ${unknown.length - 20} more` : ''}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

type Patch = Partial<Record<keyof AudienceFilters, unknown>>;

function AudienceCriteria({
  filters,
  onChange,
}: {
  filters: AudienceFilters;
  onChange: (f: AudienceFilters) => void;
}) {
  const grades = useGrades();
  const [bookQuery, setBookQuery] = useState('');
  const [q] = useDebouncedValue(bookQuery, 250);
  const books = useBookOptions(q);
  // A criterion left empty is dropped, so it does not narrow the audience.
  const set = (patch: Patch) => {
    const next: Record<string, unknown> = { ...filters, ...patch };
    for (const [k, v] of Object.entries(next))
      if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) delete next[k];
    onChange(next as AudienceFilters);
  };
  const ids = (values: string[]) => values.map(Number);
  const bookData = [
    ...(books.data?.items ?? []).map((b) => ({
      value: String(b.id),
      label: `${b.title} (${b.isbn})`,
    })),
  ];
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <MultiSelect
          label="Grades"
          placeholder={filters.gradeIds ? undefined : 'Any grade'}
          data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={(filters.gradeIds ?? []).map(String)}
          onChange={(v) => set({ gradeIds: ids(v) })}
          searchable
          clearable
        />
        <MultiSelect
          label="Redeemed one of these books"
          placeholder={filters.bookIds ? undefined : 'Any book'}
          data={bookData}
          value={(filters.bookIds ?? []).map(String)}
          onChange={(v) => set({ bookIds: ids(v) })}
          searchValue={bookQuery}
          onSearchChange={setBookQuery}
          filter={({ options }) => options}
          searchable
          clearable
        />
      </Group>
      <Group grow align="flex-start">
        <TagsInput
          label="States"
          placeholder="Any state; Enter after each"
          value={filters.states ?? []}
          onChange={(v) => set({ states: v })}
        />
        <TagsInput
          label="Cities"
          placeholder="Any city; Enter after each"
          value={filters.cities ?? []}
          onChange={(v) => set({ cities: v })}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="Registered from"
          type="date"
          value={filters.registeredFrom ?? ''}
          max={filters.registeredTo}
          onChange={(e) => set({ registeredFrom: e.currentTarget.value || undefined })}
        />
        <TextInput
          label="Registered to"
          type="date"
          value={filters.registeredTo ?? ''}
          min={filters.registeredFrom}
          onChange={(e) => set({ registeredTo: e.currentTarget.value || undefined })}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Active within (days)"
          min={1}
          max={3650}
          allowDecimal={false}
          value={filters.activeWithinDays ?? ''}
          onChange={(v) => set({ activeWithinDays: typeof v === 'number' ? v : undefined })}
        />
        <NumberInput
          label="Inactive for (days)"
          min={1}
          max={3650}
          allowDecimal={false}
          value={filters.inactiveForDays ?? ''}
          onChange={(v) => set({ inactiveForDays: typeof v === 'number' ? v : undefined })}
        />
      </Group>
    </Stack>
  );
}
