import { JOB_STATES, jobKindLabel } from '@bo/contract/jobs';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { JOB_STATE_LABELS } from '../../../components/job-progress.tsx';
import { hasFilters, type ListUpdate } from '../../../lib/search-params.ts';

type Filters = { state?: string; kind?: string; routine?: string };
export const hasJobFilters = (values: Filters) => hasFilters(values, ['state', 'kind', 'routine']);

/**
 * State and kind, both from lists, and whether the finished runs of
 * scheduled jobs (the reports' refresh, every minute) are listed: hidden by
 * default, as routine. Kept in the URL by the page.
 */
export function JobsFilters({
  values,
  onChange,
  kinds,
}: {
  values: Filters;
  onChange: ListUpdate;
  kinds: string[];
}) {
  return (
    <FilterBar
      values={values}
      onChange={onChange}
      withLabels
      filters={[
        {
          kind: 'select',
          key: 'state',
          label: 'State',
          placeholder: 'Any state',
          data: JOB_STATES.map((s) => ({ value: s, label: JOB_STATE_LABELS[s] })),
          width: 180,
        },
        {
          kind: 'select',
          key: 'kind',
          label: 'Kind',
          placeholder: 'Any kind',
          data: kinds.map((k) => ({ value: k, label: jobKindLabel(k) })),
          width: 200,
        },
        {
          kind: 'segmented',
          key: 'routine',
          label: 'Finished scheduled runs',
          anyLabel: 'Hidden',
          data: [{ value: 'shown', label: 'Shown' }],
        },
      ]}
    />
  );
}
