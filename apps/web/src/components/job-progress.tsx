import type { Job } from '@bo/contract';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';

/** Words for a job's state, for every screen that shows jobs. */
export const JOB_STATE_LABELS: Record<Job['state'], string> = {
  created: 'Waiting',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const JOB_STATE_COLORS: Record<Job['state'], string> = {
  created: 'gray',
  retry: 'orange',
  active: 'blue',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * A running job's progress bar with its last message, or how it ended: the
 * one way a screen shows a job it follows (with lib/use-job.ts).
 */
export function JobProgress({ job }: { job: Job }) {
  const percent = job.progress ?? 0;
  if (job.state === 'failed')
    return (
      <Alert color="red" title="The job failed">
        {job.error?.message ?? 'It stopped with an error.'}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fz="sm">{job.message ?? JOB_STATE_LABELS[job.state]}</Text>
        <Text fz="sm" c="dimmed">
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        animated={job.state === 'active'}
        color={JOB_STATE_COLORS[job.state]}
        aria-label={`Progress: ${percent}%`}
      />
    </Stack>
  );
}
