import { learnerListQuery } from '@bo/contract/learners';
import { ExportListButton } from '../../../components/export-list-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { exportLearners } from '../api/export-learners.ts';
import { useLearners } from '../api/list-learners.ts';
import { hasLearnerFilters, LearnersFilters } from '../components/learners-filters.tsx';
import { LearnersTable } from '../components/learners-table.tsx';

/** /learners: the learners of the app (state in the URL), and their export. */
export function LearnersPage() {
  const params = useListParams(learnerListQuery);
  const { values, update } = params;
  const list = useLearners(values);
  return (
    <>
      <PageHeader
        title="Learners"
        description="Learners registered in the learner app: their details, devices and activity."
        actions={
          <ExportListButton
            values={values}
            download={exportLearners}
            failure="Could not export the learners"
          />
        }
      />
      <LearnersFilters values={values} onChange={update} />
      <LearnersTable params={params} query={list} filtered={hasLearnerFilters(values)} />
    </>
  );
}
