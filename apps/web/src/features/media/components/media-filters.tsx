import { FilterBar } from '../../../components/filter-bar.tsx';
import { curriculumFilter } from '../../../components/tag-selects.tsx';
import type { ListUpdate } from '../../../lib/search-params.ts';
import { sourceOptions, statusOptions } from './labels.ts';

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

/** Search and filters of the library; the values live in the URL (see useListParams). */
export function MediaFilters({ values, onChange }: { values: Filters; onChange: ListUpdate }) {
  return (
    <FilterBar
      values={values}
      onChange={onChange}
      search={{ label: 'Search media', placeholder: 'Search by title or description', width: 260 }}
      filters={[
        {
          kind: 'text',
          key: 'language',
          label: 'Language',
          placeholder: 'Any language',
          width: 140,
        },
        curriculumFilter(values, onChange),
        {
          kind: 'select',
          key: 'status',
          label: 'Status',
          placeholder: 'Any status',
          data: statusOptions,
          width: 130,
        },
        {
          kind: 'select',
          key: 'source',
          label: 'Source',
          placeholder: 'Any source',
          data: sourceOptions,
          width: 130,
        },
      ]}
    />
  );
}
