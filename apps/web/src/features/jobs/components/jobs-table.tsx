import type { Job } from '@bo/contract';
import { BULK_EDIT_UNDO_HOURS } from '@bo/contract/bulk-edits';
import { jobKindLabel } from '@bo/contract/jobs';
import { Badge, Button, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconClockPlay, IconRotateClockwise } from '@tabler/icons-react';
import { JOB_STATE_COLORS, JOB_STATE_LABELS } from '../../../components/job-progress.tsx';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRetryJob } from '../api/retry-job.ts';
import { useUndoBulkEditJob } from '../api/undo-bulk-edit.ts';

/** A finished bulk edit's job, while its edit can be undone (a day): what its Undo names. */
function undoableBulkEdit(job: Job): { bulkEditId: number; label: string } | null {
  const result = job.result as { bulkEditId?: number; summary?: string } | null;
  if (job.kind !== 'bulk_edits.apply' || job.state !== 'completed' || !result?.bulkEditId)
    return null;
  if (
    !job.completedAt ||
    Date.parse(job.completedAt) + BULK_EDIT_UNDO_HOURS * 3_600_000 < Date.now()
  )
    return null;
  return {
    bulkEditId: result.bulkEditId,
    label: `Undo: ${result.summary ?? 'bulk edit'} at ${formatDateTime(job.completedAt)}`,
  };
}

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
  const undo = useUndoBulkEditJob();
  const undoEdit = (bulkEditId: number) =>
    undo.mutate(
      { id: bulkEditId },
      {
        onSuccess: () => notifySuccess('The bulk edit is being undone.'),
        onError: (err) => notifyError(err, 'Could not undo the bulk edit'),
      },
    );
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
          render: (j) => {
            const undoable = undoableBulkEdit(j);
            if (undoable)
              return (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconArrowBackUp size={14} />}
                  loading={undo.isPending && undo.variables?.id === undoable.bulkEditId}
                  onClick={() => undoEdit(undoable.bulkEditId)}
                  aria-label={undoable.label}
                  title={undoable.label}
                >
                  Undo
                </Button>
              );
            return j.state === 'failed' || j.state === 'cancelled' ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRotateClockwise size={14} />}
                loading={retry.isPending && retry.variables?.id === j.id}
                onClick={() => runAgain(j)}
                aria-label={`Retry job ${j.id}`}
              >
                Retry
              </Button>
            ) : null;
          },
        },
      ]}
    />
  );
}
