import { LEARNER_STATUSES } from '@bo/contract/learners';
import { TextInput } from '@mantine/core';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { hasFilters, type ListUpdate } from '../../../lib/search-params.ts';

type Filters = {
  q?: string | undefined;
  gradeId?: number | undefined;
  state?: string | undefined;
  city?: string | undefined;
  status?: string | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
};

const FILTER_KEYS = ['q', 'gradeId', 'state', 'city', 'status', 'registeredFrom', 'registeredTo'];
export const hasLearnerFilters = (values: Filters) => hasFilters(values, FILTER_KEYS);

export const LEARNER_STATUS_COLOR: Record<string, string> = {
  active: 'green',
  inactive: 'gray',
  blocked: 'red',
};

export const LEARNER_STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  blocked: 'Blocked',
};

/** Search and filters of the learners list; the values live in the URL. */
export function LearnersFilters({ values, onChange }: { values: Filters; onChange: ListUpdate }) {
  const grades = useGrades();
  return (
    <FilterBar
      values={values}
      onChange={onChange}
      withLabels
      search={{ label: 'Search learners', placeholder: 'Name, e-mail or phone' }}
      filters={[
        {
          kind: 'select',
          key: 'gradeId',
          label: 'Grade',
          placeholder: grades.isError ? 'Grades unavailable' : 'Any grade',
          data: (grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name })),
          disabled: grades.isError,
          searchable: true,
          width: 150,
        },
        { kind: 'text', key: 'state', label: 'State', placeholder: 'Any state', width: 150 },
        { kind: 'text', key: 'city', label: 'City', placeholder: 'Any city', width: 140 },
        {
          kind: 'select',
          key: 'status',
          label: 'Status',
          placeholder: 'Any status',
          data: LEARNER_STATUSES.map((s) => ({ value: s, label: LEARNER_STATUS_LABEL[s]! })),
          width: 130,
        },
        {
          kind: 'custom',
          keys: ['registeredFrom', 'registeredTo'],
          element: (
            <>
              <TextInput
                label="Registered from"
                type="date"
                value={values.registeredFrom ?? ''}
                max={values.registeredTo || undefined}
                onChange={(e) => onChange({ registeredFrom: e.currentTarget.value || undefined })}
                w={160}
              />
              <TextInput
                label="Registered to"
                type="date"
                value={values.registeredTo ?? ''}
                min={values.registeredFrom || undefined}
                onChange={(e) => onChange({ registeredTo: e.currentTarget.value || undefined })}
                w={160}
              />
            </>
          ),
        },
      ]}
    />
  );
}
