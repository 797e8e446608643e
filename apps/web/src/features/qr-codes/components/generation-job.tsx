import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { JobProgress } from '../../../components/job-progress.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { isJobFinished, useJob } from '../../../lib/use-job.ts';
import { qrKeys } from '../api/qr-keys.ts';

/** A large generation running as a job: its progress, and the lists refreshed once it ends. */
export function GenerationJob({ id }: { id: string }) {
  const job = useJob(id);
  const queryClient = useQueryClient();
  const state = job.data?.state;
  useEffect(() => {
    if (!state || !isJobFinished(state)) return;
    void queryClient.invalidateQueries({ queryKey: qrKeys.all });
    if (state === 'completed') notifySuccess('The QR codes are generated');
  }, [state, queryClient]);
  if (!job.data || state === 'completed') return null;
  return <JobProgress job={job.data} />;
}
