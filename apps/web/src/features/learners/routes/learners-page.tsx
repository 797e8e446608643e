import { learnerListQuery } from '@bo/contract/learners';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { exportLearners } from '../api/export-learners.ts';
import { useLearners } from '../api/list-learners.ts';
import { hasLearnerFilters, LearnersFilters } from '../components/learners-filters.tsx';
import { LearnersTable } from '../components/learners-table.tsx';

/** /learners: the learners of the app (state in the URL), and their export. */
export function LearnersPage() {
  const params = useListParams(learnerListQuery);
  const { values, update } = params;
  const list = useLearners(values);
  const exporting = useDownload('Could not export the learners');
  const exportList = () => {
    const { page: _p, pageSize: _s, ...filters } = values;
    void exporting.start(() => exportLearners(filters));
  };
  return (
    <>
      <PageHeader
        title="Learners"
        description="Learners registered in the learner app: their details, devices and activity."
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting.busy}
            onClick={exportList}
          >
            Export
          </Button>
        }
      />
      <LearnersFilters values={values} onChange={update} />
      <LearnersTable params={params} query={list} filtered={hasLearnerFilters(values)} />
    </>
  );
}
