import { Select } from '@mantine/core';
import { useChapters, useGrades, useSubjects, useTopics } from '../api/list-curriculum.ts';

export interface Tags {
  gradeId: number | null;
  subjectId: number | null;
  chapterId: number | null;
  topicId: number | null;
}

const asOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
const num = (v: string | null) => (v ? Number(v) : null);

/**
 * Grade → subject → chapter → topic, each fed by the curriculum routes once
 * its parent is chosen; changing a level clears the levels below it. A level
 * waiting for its parent is disabled with its usual short placeholder (a
 * sentence would be cut in a filter bar) and says why on hover.
 */
export function TagSelects({
  value,
  onChange,
  anyLabel,
  width = 170,
}: {
  value: Tags;
  onChange: (tags: Tags) => void;
  /** Placeholder when nothing is chosen ("Any grade" in filters, "No grade" in forms). */
  anyLabel: string;
  width?: number;
}) {
  const grades = useGrades();
  const subjects = useSubjects(value.gradeId);
  const chapters = useChapters(value.subjectId);
  const topics = useTopics(value.chapterId);
  return (
    <>
      <Select
        aria-label="Grade"
        placeholder={grades.isError ? 'Grades unavailable' : `${anyLabel} grade`}
        data={asOptions(grades.data?.items)}
        value={value.gradeId ? String(value.gradeId) : null}
        onChange={(g) =>
          onChange({ gradeId: num(g), subjectId: null, chapterId: null, topicId: null })
        }
        disabled={grades.isError}
        clearable
        searchable
        w={width}
      />
      <Select
        aria-label="Subject"
        placeholder={`${anyLabel} subject`}
        title={value.gradeId ? undefined : 'Choose a grade first'}
        data={asOptions(subjects.data?.items)}
        value={value.subjectId ? String(value.subjectId) : null}
        onChange={(s) => onChange({ ...value, subjectId: num(s), chapterId: null, topicId: null })}
        disabled={!value.gradeId || subjects.isError}
        clearable
        searchable
        w={width}
      />
      <Select
        aria-label="Chapter"
        placeholder={`${anyLabel} chapter`}
        title={value.subjectId ? undefined : 'Choose a subject first'}
        data={asOptions(chapters.data?.items)}
        value={value.chapterId ? String(value.chapterId) : null}
        onChange={(c) => onChange({ ...value, chapterId: num(c), topicId: null })}
        disabled={!value.subjectId || chapters.isError}
        clearable
        searchable
        w={width}
      />
      <Select
        aria-label="Topic"
        placeholder={`${anyLabel} topic`}
        title={value.chapterId ? undefined : 'Choose a chapter first'}
        data={asOptions(topics.data?.items)}
        value={value.topicId ? String(value.topicId) : null}
        onChange={(t) => onChange({ ...value, topicId: num(t) })}
        disabled={!value.chapterId || topics.isError}
        clearable
        searchable
        w={width}
      />
    </>
  );
}
