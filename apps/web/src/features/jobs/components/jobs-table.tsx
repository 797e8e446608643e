import type { Job } from '@bo/contract';
import { jobKindLabel } from '@bo/contract/jobs';
import { Badge, Button, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconClockPlay, IconRotateClockwise } from '@tabler/icons-react';
import { JOB_STATE_COLORS, JOB_STATE_LABELS } from '../../../components/job-progress.tsx';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRetryJob } from '../api/retry-job.ts';

export function JobsTable({
  params,
  query,
  filtered,
}: {
  params: ListTableParams;
  query: ListTableQuery<Job>;
  filtered: boolean;
}) {
  const retry = useRetryJob();
  const runAgain = (job: Job) =>
    retry.mutate(
      { id: job.id },
      {
        onSuccess: () =>
          notifySuccess(`The ${jobKindLabel(job.kind).toLowerCase()} job will run again.`),
        onError: (err) => notifyError(err, 'Could not run the job again'),
      },
    );
  return (
    <ListTable<Job>
      list={'jobs'}
      params={params}
      query={query}
      noun="Jobs"
      filtered={filtered}
      emptyIcon={IconClockPlay}
      pageSizes={[20, 50, 100]}
      rowTestId={(job) => `job-row-${job.id}`}
      columns={[
        {
          accessor: 'createdAt',
          title: 'Queued',
          render: (j) => formatDateTime(j.createdAt, { seconds: true }),
          noWrap: true,
        },
        {
          accessor: 'kind',
          title: 'Kind',
          render: (j) => (
            <Text fz="sm" title={j.kind}>
              {jobKindLabel(j.kind)}
            </Text>
          ),
        },
        {
          accessor: 'state',
          title: 'State',
          render: (j) => (
            <Badge variant="light" color={JOB_STATE_COLORS[j.state]} radius="sm" tt="none">
              {JOB_STATE_LABELS[j.state]}
            </Badge>
          ),
        },
        {
          accessor: 'progress',
          title: 'Progress',
          width: 220,
          render: (j) => (
            <Tooltip label={j.message ?? `${j.progress ?? 0}%`} disabled={!j.message}>
              <Group gap="xs" wrap="nowrap">
                <Progress
                  value={j.progress ?? 0}
                  color={JOB_STATE_COLORS[j.state]}
                  w={120}
                  aria-label={`Progress of job ${j.id}: ${j.progress ?? 0}%`}
                />
                <Text fz="xs" c="dimmed">
                  {j.progress ?? 0}%
                </Text>
              </Group>
            </Tooltip>
          ),
        },
        {
          accessor: 'attempts',
          title: 'Tries',
          render: (j) => `${j.attempts} of ${j.maxAttempts}`,
        },
        {
          accessor: 'error',
          title: 'Error',
          render: (j) =>
            j.error ? (
              <Text fz="sm" c="red.8" lineClamp={2} title={j.error.message}>
                {j.error.message}
              </Text>
            ) : (
              '—'
            ),
        },
        {
          accessor: 'completedAt',
          title: 'Ended',
          render: (j) => formatDateTime(j.completedAt, { seconds: true }),
          noWrap: true,
        },
        {
          accessor: 'actions',
          title: '',
          render: (j) =>
            j.state === 'failed' || j.state === 'cancelled' ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRotateClockwise size={14} />}
                loading={retry.isPending && retry.variables?.id === j.id}
                onClick={() => runAgain(j)}
                aria-label={`Run job ${j.id} again`}
              >
                Retry
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
