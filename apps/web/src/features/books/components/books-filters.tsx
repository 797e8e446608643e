import { FilterBar } from '../../../components/filter-bar.tsx';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { useSubjects } from '../../../lib/curriculum/list-subjects.ts';
import { hasFilters, type ListUpdate } from '../../../lib/search-params.ts';
import { statusOptions } from './labels.ts';

type Filters = {
  q?: string | undefined;
  gradeId?: number | undefined;
  subjectId?: number | undefined;
  status?: string | undefined;
};

const asOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));

export const hasBookFilters = (values: Filters) =>
  hasFilters(values, ['q', 'gradeId', 'subjectId', 'status']);

/** Search and filters of the book list; the values live in the URL (see useListParams). */
export function BooksFilters({ values, onChange }: { values: Filters; onChange: ListUpdate }) {
  const grades = useGrades();
  const subjects = useSubjects(values.gradeId);
  return (
    <FilterBar
      values={values}
      onChange={onChange}
      search={{ label: 'Search books', placeholder: 'Search by ISBN or title' }}
      filters={[
        {
          kind: 'select',
          key: 'gradeId',
          label: 'Grade',
          placeholder: grades.isError ? 'Grades unavailable' : 'Any grade',
          data: asOptions(grades.data?.items),
          disabled: grades.isError,
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
          disabled: !values.gradeId || subjects.isError,
          searchable: true,
          width: 180,
        },
        {
          kind: 'select',
          key: 'status',
          label: 'Status',
          placeholder: 'Any status',
          data: statusOptions,
          width: 150,
        },
      ]}
    />
  );
}
