import type { ReportSubscription } from '@bo/contract/report-subscriptions';
import { Alert, Button, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDeleteSubscription } from '../../lib/report-subscriptions/delete-subscription.ts';
import { useMySubscriptions } from '../../lib/report-subscriptions/list-subscriptions.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { lazyDialog } from '../lazy-dialog.tsx';

const SubscriptionDialog = lazyDialog(() =>
  import('./subscription-dialog.tsx').then((m) => m.SubscriptionDialog),
);

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** "Weekly on Monday at 07:00 (Europe/Paris)" */
export function scheduleWords(s: ReportSubscription) {
  const when =
    s.frequency === 'daily'
      ? 'Daily'
      : s.frequency === 'weekly'
        ? `Weekly on ${WEEKDAYS[s.weekday - 1]}`
        : `Monthly on day ${s.monthDay}`;
  return `${when} at ${hour(s.hour)} (${s.timeZone})`;
}

const at = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Not yet';

/** The admin's own report subscriptions, with their change and delete. */
export function MySubscriptions() {
  const list = useMySubscriptions();
  const remove = useDeleteSubscription();
  const [editing, setEditing] = useState<ReportSubscription | null>(null);
  const [deleting, setDeleting] = useState<ReportSubscription | null>(null);
  if (list.isPending) return <Skeleton h={80} />;
  if (list.error)
    return (
      <Alert color="red" title="Your subscriptions could not load">
        {errorMessage(list.error)}
      </Alert>
    );
  const items = list.data.items;
  const confirmDelete = () =>
    deleting &&
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => notifySuccess('Subscription deleted'),
        onError: (error) => notifyError(error),
        onSettled: () => setDeleting(null),
      },
    );
  return (
    <>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No subscriptions yet. Use “Subscribe…” on the dashboard or a report to get it by e-mail.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="My subscriptions" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Report</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Next mail</Table.Th>
                <Table.Th>Last sent</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text fz="sm">{s.reportLabel}</Text>
                    {s.filterWords && (
                      <Text fz="xs" c="dimmed">
                        {s.filterWords}
                      </Text>
                    )}
                    {s.lastError && (
                      <Text fz="xs" c="red.8">
                        Last mail not sent: {s.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td fz="sm">{scheduleWords(s)}</Table.Td>
                  <Table.Td fz="sm">{at(s.nextRunAt)}</Table.Td>
                  <Table.Td fz="sm">{at(s.lastSentAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing(s)}
                        aria-label={`Change subscription: ${s.reportLabel}`}
                      >
                        Change
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(s)}
                        aria-label={`Delete subscription: ${s.reportLabel}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <SubscriptionDialog
          report={editing.report}
          filters={editing.filters}
          subscription={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          title="Delete this subscription?"
          confirmLabel="Delete"
          loading={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        >
          You will receive no more mails of the {deleting.reportLabel.toLowerCase()}.
        </ConfirmModal>
      )}
    </>
  );
}
