import { mailerRecipientsQuery } from '@bo/contract/mail';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError } from '../../../lib/notify.ts';
import { hasFilters, useListParams } from '../../../lib/search-params.ts';
import { useMailer } from '../api/get-mailer.ts';
import { useMailerRecipients } from '../api/mailer-recipients.ts';
import { useMailerAction } from '../api/send-mailer.ts';
import { MailerResults } from '../components/mailer-results.tsx';
import { MailerStatus } from '../components/mailer-status.tsx';

const listQuery = mailerRecipientsQuery.omit({ mailerId: true });
type Recipient = NonNullable<ReturnType<typeof useMailerRecipients>['data']>['items'][number];

const STATE_LOOK: Record<Recipient['state'], { color: string; label: string }> = {
  queued: { color: 'gray', label: 'Queued' },
  sending: { color: 'blue', label: 'Sending' },
  sent: { color: 'green', label: 'Sent' },
  failed: { color: 'red', label: 'Failed' },
  skipped: { color: 'yellow', label: 'Skipped' },
  // After sent: the mail provider reported the mail bounced or marked as spam.
  bounced: { color: 'orange', label: 'Bounced' },
  complained: { color: 'grape', label: 'Complained' },
};

/** /mailers/:id: live progress, pause/resume/cancel/retry, and the per-recipient ledger. */
export function MailerPage() {
  const id = Number(useParams().id);
  const mailer = useMailer(id);
  const params = useListParams(listQuery);
  const { values, update } = params;
  const live = mailer.data?.status === 'sending';
  const recipients = useMailerRecipients({ ...values, mailerId: id }, live);
  const action = useMailerAction();
  if (mailer.isPending) return <PageLoader />;
  if (mailer.isError)
    return (
      <Alert color="red" title="Could not load the mailer">
        {errorMessage(mailer.error)}
      </Alert>
    );
  const m = mailer.data;
  const t = m.totals;
  const finished = t.sent + t.failed + t.skipped;
  const act = (a: 'pause' | 'resume' | 'cancel' | 'retry_failed') =>
    action.mutate({ id, action: a }, { onError: (error) => notifyError(error) });
  return (
    <>
      <PageHeader
        title={m.name}
        description={`Subject: ${m.subject} · ${
          m.status === 'scheduled' && m.sendAt
            ? `scheduled for ${formatDateTime(m.sendAt)}`
            : `started ${formatDateTime(m.sendAt ?? m.createdAt)}`
        }${m.ratePerMinute ? ` · at most ${m.ratePerMinute.toLocaleString()} mails a minute` : ''}`}
        actions={
          <Group gap="xs">
            {(m.status === 'sending' || m.status === 'scheduled') && (
              <Button variant="default" onClick={() => act('pause')} loading={action.isPending}>
                Pause
              </Button>
            )}
            {m.status === 'paused' && (
              <Button onClick={() => act('resume')} loading={action.isPending}>
                Resume
              </Button>
            )}
            {t.failed > 0 && m.status !== 'cancelled' && m.status !== 'failed' && (
              <Button
                variant="light"
                onClick={() => act('retry_failed')}
                loading={action.isPending}
              >
                Retry the failed
              </Button>
            )}
            {(m.status === 'sending' || m.status === 'paused' || m.status === 'scheduled') && (
              <Button
                color="red"
                variant="light"
                onClick={() => act('cancel')}
                loading={action.isPending}
              >
                Cancel
              </Button>
            )}
          </Group>
        }
      />
      {m.failureReason && (
        <Alert color="red" title="This mailer could not be sent" mb="md">
          {m.failureReason}
        </Alert>
      )}
      <Paper withBorder p="md" mb="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <MailerStatus status={m.status} />
            <Text fz="sm" data-testid="mailer-progress">
              {finished.toLocaleString()} of {t.recipients.toLocaleString()} done
            </Text>
          </Group>
          <Progress.Root size="lg">
            <Progress.Section
              value={t.recipients ? (t.sent / t.recipients) * 100 : 0}
              color="green"
              aria-label="Sent"
            />
            <Progress.Section
              value={t.recipients ? (t.failed / t.recipients) * 100 : 0}
              color="red"
              aria-label="Failed"
            />
            <Progress.Section
              value={t.recipients ? (t.skipped / t.recipients) * 100 : 0}
              color="yellow"
              aria-label="Skipped"
            />
          </Progress.Root>
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
            {(
              ['queued', 'sending', 'sent', 'failed', 'skipped', 'bounced', 'complained'] as const
            ).map((s) => (
              <div key={s}>
                <Text fz="xs" c="dimmed">
                  {STATE_LOOK[s].label}
                </Text>
                <Text fw={600} data-testid={`total-${s}`}>
                  {t[s].toLocaleString()}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
      <MailerResults id={id} progress={`${m.status} ${t.sent} ${t.failed} ${t.skipped}`} />
      <FilterBar
        values={values}
        onChange={update}
        search={{ label: 'Search recipients', placeholder: 'E-mail address' }}
        filters={[
          {
            kind: 'segmented',
            key: 'state',
            label: 'State',
            anyLabel: 'All',
            data: (['queued', 'sent', 'failed', 'skipped', 'bounced', 'complained'] as const).map(
              (s) => ({
                value: s,
                label: STATE_LOOK[s].label,
              }),
            ),
          },
        ]}
      />
      <ListTable<Recipient>
        list={'mailer_recipients'}
        params={params}
        query={recipients}
        noun="Recipients"
        emptyText={hasFilters(values, ['q', 'state']) ? 'No recipients match' : 'No recipients'}
        emptyIcon={IconUsers}
        defaultSort="id"
        rowTestId={(r) => `recipient-row-${r.id}`}
        columns={[
          {
            accessor: 'email',
            title: 'Learner',
            sortable: true,
            render: (r) => (
              <Stack gap={0}>
                <Text fz="sm">{r.name}</Text>
                <Text fz="xs" c="dimmed">
                  {r.email ?? 'No e-mail address'}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'state',
            render: (r) => (
              <StatusBadge color={STATE_LOOK[r.state].color}>
                {STATE_LOOK[r.state].label}
              </StatusBadge>
            ),
          },
          { accessor: 'reason', render: (r) => r.reason ?? '' },
          {
            accessor: 'sentAt',
            title: 'Sent',
            render: (r) => (r.sentAt ? formatDateTime(r.sentAt) : ''),
          },
        ]}
      />
    </>
  );
}
