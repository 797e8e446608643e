import { jobListQuery } from '@bo/contract/jobs';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { useJobs } from '../api/list-jobs.ts';
import { hasJobFilters, JobsFilters } from '../components/jobs-filters.tsx';
import { JobsTable } from '../components/jobs-table.tsx';

/** /jobs: background jobs, newest first, with their progress; super admins only. */
export function JobsPage() {
  const params = useListParams(jobListQuery);
  const jobs = useJobs(params.values);
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Work done in the background: mails, imports, the file clean-up. A failed job can be run again."
      />
      <JobsFilters values={params.values} onChange={params.update} kinds={jobs.data?.kinds ?? []} />
      <JobsTable params={params} query={jobs} filtered={hasJobFilters(params.values)} />
    </>
  );
}
