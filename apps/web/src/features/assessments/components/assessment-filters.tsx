import type { AssessmentKind } from '@bo/contract';
import { FilterBar, type FilterDef } from '../../../components/filter-bar.tsx';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { useSubjects } from '../../../lib/curriculum/list-subjects.ts';
import { hasFilters, type ListUpdate } from '../../../lib/search-params.ts';
import { useBookOptions, useVideoOptions } from '../api/owner-options.ts';
import { useTestCategories } from '../api/test-categories.ts';
import { KINDS } from '../kinds.ts';
import { asOptions, statusOptions } from './labels.ts';

export type Filters = {
  q?: string | undefined;
  status?: string | undefined;
  bookId?: number | undefined;
  testCategoryId?: number | undefined;
  gradeId?: number | undefined;
  subjectId?: number | undefined;
  videoId?: number | undefined;
};
type Key = Extract<keyof Filters, string>;

export const hasAssessmentFilters = (values: Filters) =>
  hasFilters(values, [
    'q',
    'status',
    'bookId',
    'testCategoryId',
    'gradeId',
    'subjectId',
    'videoId',
  ]);

/** Search, status and the kind's own filters (from kinds.ts), all in the URL. */
export function AssessmentFilters({
  kind,
  values,
  onChange,
}: {
  kind: AssessmentKind;
  values: Filters;
  onChange: ListUpdate;
}) {
  const def = KINDS[kind];
  const has = (f: string) => (def.filters as readonly string[]).includes(f);
  // The first 50 books and videos by name; the selects filter them as one types.
  const books = useBookOptions('', has('bookId'));
  const videos = useVideoOptions('', has('videoId'));
  const categories = useTestCategories();
  const grades = useGrades();
  const subjects = useSubjects(values.gradeId);

  const filters: FilterDef<Key>[] = [];
  if (has('bookId'))
    filters.push({
      kind: 'select',
      key: 'bookId',
      label: 'Book',
      placeholder: 'Any book',
      data: (books.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.title })),
      searchable: true,
      width: 240,
    });
  if (has('testCategoryId'))
    filters.push({
      kind: 'select',
      key: 'testCategoryId',
      label: 'Test category',
      placeholder: 'Any category',
      data: asOptions(categories.data?.items),
      searchable: true,
      width: 200,
    });
  if (has('gradeSubject'))
    filters.push(
      {
        kind: 'select',
        key: 'gradeId',
        label: 'Grade',
        placeholder: 'Any grade',
        data: asOptions(grades.data?.items),
        clears: ['subjectId'],
        searchable: true,
        width: 160,
      },
      {
        kind: 'select',
        key: 'subjectId',
        label: 'Subject',
        placeholder: 'Any subject',
        data: asOptions(subjects.data?.items),
        disabled: !values.gradeId,
        searchable: true,
        width: 180,
      },
    );
  if (has('videoId'))
    filters.push({
      kind: 'select',
      key: 'videoId',
      label: 'Video',
      placeholder: 'Any video',
      data: (videos.data?.items ?? []).map((v) => ({ value: String(v.id), label: v.title })),
      searchable: true,
      width: 240,
    });
  filters.push({
    kind: 'select',
    key: 'status',
    label: 'Status',
    placeholder: 'Any status',
    data: statusOptions,
    width: 150,
  });

  return (
    <FilterBar
      values={values}
      onChange={onChange}
      search={{ label: `Search ${def.plural.toLowerCase()}`, placeholder: 'Search by name' }}
      filters={filters}
    />
  );
}
