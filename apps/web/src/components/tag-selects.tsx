import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useChapters } from '../lib/curriculum/list-chapters.ts';
import { useGrades } from '../lib/curriculum/list-grades.ts';
import { useSubjects } from '../lib/curriculum/list-subjects.ts';
import { useTopics } from '../lib/curriculum/list-topics.ts';
import type { ListUpdate } from '../lib/search-params.ts';

export interface Tags {
  gradeId: number | null;
  subjectId: number | null;
  chapterId: number | null;
  topicId: number | null;
}

const asOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
const num = (v: string | null) => (v ? Number(v) : null);

const LEVELS = [
  { key: 'gradeId', noun: 'grade', parent: null },
  { key: 'subjectId', noun: 'subject', parent: 'grade' },
  { key: 'chapterId', noun: 'chapter', parent: 'subject' },
  { key: 'topicId', noun: 'topic', parent: 'chapter' },
] as const;

/**
 * Grade → subject → chapter → topic, each fed by the curriculum routes once
 * its parent is chosen; changing a level clears the levels below it. A level
 * waiting for its parent is disabled with its usual short placeholder (a
 * sentence would be cut in a filter bar) and says why on hover. In a filter
 * bar the selects have fixed widths and accessible names; in a form
 * (`withLabels`, no width) they are labelled and fill their grid cells.
 */
export function TagSelects({
  value,
  onChange,
  anyLabel,
  width,
  withLabels = false,
  levels = 4,
}: {
  value: Tags;
  onChange: (tags: Tags) => void;
  /** Placeholder when nothing is chosen ("Any grade" in filters, "No grade" in forms). */
  anyLabel: string;
  width?: number;
  withLabels?: boolean;
  /** How many levels from the grade down (2: grade and subject, as books have). */
  levels?: number;
}) {
  const lists = [
    useGrades(),
    useSubjects(value.gradeId),
    useChapters(value.subjectId),
    useTopics(value.chapterId),
  ];
  return LEVELS.slice(0, levels).map((level, i) => {
    const list = lists[i]!;
    const parentId = i === 0 ? null : value[LEVELS[i - 1]!.key];
    const waiting = i > 0 && !parentId;
    const name = level.noun[0]!.toUpperCase() + level.noun.slice(1);
    const choose = (picked: string | null) => {
      // This level changes; every level below it is cleared.
      const next = { ...value, [level.key]: num(picked) };
      for (const below of LEVELS.slice(i + 1)) next[below.key] = null;
      onChange(next);
    };
    return (
      <Select
        key={level.key}
        {...(withLabels ? { label: name } : { 'aria-label': name })}
        placeholder={list.isError ? `${name}s unavailable` : `${anyLabel} ${level.noun}`}
        title={waiting && level.parent ? `Choose a ${level.parent} first` : undefined}
        data={asOptions(list.data?.items)}
        value={value[level.key] ? String(value[level.key]) : null}
        onChange={choose}
        disabled={waiting || list.isError}
        clearable
        searchable
        w={width}
      />
    );
  });
}

/**
 * The cascade as one FilterBar filter bound to `gradeId` … `topicId` in the
 * URL: the same four selects, widths and "Any …" placeholders on every list
 * filtered by curriculum.
 */
export function curriculumFilter(
  values: { [K in keyof Tags]?: number | undefined },
  onChange: ListUpdate,
): { kind: 'custom'; keys: (keyof Tags)[]; element: ReactNode } {
  return {
    kind: 'custom',
    keys: ['gradeId', 'subjectId', 'chapterId', 'topicId'],
    element: (
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
    ),
  };
}
