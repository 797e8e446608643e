import type { Notification, NotificationState } from '@bo/contract';
import { NOTIFICATION_STATES, notificationListQuery } from '@bo/contract/notifications';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { hasFilters, useListParams } from '../../../lib/search-params.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useNotificationAction } from '../api/notification-action.ts';
import { NotificationComposer } from '../components/notification-composer.tsx';
import { NotificationFigures } from '../components/notification-figures.tsx';

export const STATE_LABEL: Record<NotificationState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATE_COLOR: Record<NotificationState, string> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'yellow',
  paused: 'orange',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};
const editable = (n: Notification) => n.state === 'draft' || n.state === 'scheduled';
const cancellable = (n: Notification) =>
  editable(n) || n.state === 'sending' || n.state === 'paused';

/** Why a notification can no longer be changed, or what happened to it, in words. */
function stateNote(n: Notification): string {
  switch (n.state) {
    case 'draft':
      return 'Not sent; can be changed';
    case 'scheduled':
      return `Sends ${formatDateTime(n.sendAt)}; can be changed or cancelled until then`;
    case 'sending':
      return `Being sent${n.ratePerMinute ? ` (at most ${n.ratePerMinute.toLocaleString()} a minute)` : ''}: it can be paused or cancelled, no longer changed`;
    case 'paused':
      return 'Paused while being sent: resume it, or cancel the rest';
    case 'sent':
      return `Sent ${formatDateTime(n.sentAt)}: delivered to ${n.deliveredCount ?? 0} learners${
        n.pushSent !== null ? `, ${n.pushSent} devices` : ''
      }`;
    case 'failed':
      return `Delivery failed: ${n.failure ?? 'unknown reason'}`;
    case 'cancelled':
      return `Cancelled ${formatDateTime(n.cancelledAt)}`;
  }
}

/** /notifications: what was sent, what is scheduled, and the composer. */
export function NotificationsPage() {
  const params = useListParams(notificationListQuery);
  const { values, update } = params;
  const list = useNotifications(values);
  const action = useNotificationAction();
  const act = (n: Notification, a: 'pause' | 'resume') =>
    action.mutate(
      { id: n.id, action: a },
      {
        onSuccess: () =>
          notifySuccess(
            `"${n.title}" ${a === 'pause' ? 'is paused' : 'is being sent again'}.`,
            a === 'pause' ? 'Paused' : 'Resumed',
          ),
        onError: (error) =>
          notifyError(error, a === 'pause' ? 'Could not pause' : 'Could not resume'),
      },
    );
  const [editing, setEditing] = useState<Notification | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<Notification | null>(null);
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Messages to learners' in-app inbox (and their phones when push is set up), now or at a time."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New notification
          </Button>
        }
      />
      <FilterBar
        values={values}
        onChange={update}
        search={{ label: 'Search notifications', placeholder: 'Title' }}
        filters={[
          {
            kind: 'select',
            key: 'state',
            label: 'State',
            placeholder: 'Any state',
            data: NOTIFICATION_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] })),
            width: 150,
          },
        ]}
      />
      <ListTable<Notification>
        list={'notifications'}
        params={params}
        query={list}
        noun="Notifications"
        filtered={hasFilters(values, ['q', 'state'])}
        emptyIcon={IconBell}
        defaultSort="createdAt"
        defaultOrder="desc"
        rowTestId={(n) => `notification-row-${n.id}`}
        columns={[
          {
            accessor: 'title',
            sortable: true,
            render: (n) => (
              <Stack gap={2}>
                <Text fz="sm" fw={500}>
                  {n.title}
                </Text>
                <Text fz="xs" c="dimmed" lineClamp={2}>
                  {n.body}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'state',
            render: (n) => (
              <Stack gap={2}>
                <StatusBadge color={STATE_COLOR[n.state]}>{STATE_LABEL[n.state]}</StatusBadge>
                <Text fz="xs" data-testid="state-note">
                  {stateNote(n)}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'figures',
            title: 'Figures',
            render: (n) => <NotificationFigures n={n} />,
          },
          {
            accessor: 'sendAt',
            title: 'Send time',
            sortable: true,
            render: (n) => formatDateTime(n.sendAt),
          },
          {
            accessor: 'actions',
            title: 'Actions',
            render: (n) =>
              cancellable(n) && (
                <Group gap="xs" wrap="nowrap">
                  {editable(n) && (
                    <Button size="xs" variant="light" onClick={() => setEditing(n)}>
                      Edit
                    </Button>
                  )}
                  {n.state === 'sending' && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={action.isPending}
                      onClick={() => act(n, 'pause')}
                    >
                      Pause
                    </Button>
                  )}
                  {n.state === 'paused' && (
                    <Button size="xs" loading={action.isPending} onClick={() => act(n, 'resume')}>
                      Resume
                    </Button>
                  )}
                  <Button size="xs" variant="light" color="red" onClick={() => setCancelling(n)}>
                    Cancel
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      {editing && (
        <NotificationComposer
          notification={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {cancelling && (
        <ConfirmModal
          title="Cancel this notification?"
          confirmLabel="Cancel notification"
          loading={action.isPending}
          onClose={() => setCancelling(null)}
          onConfirm={async () => {
            try {
              await action.mutateAsync({ id: cancelling.id, action: 'cancel' });
              notifySuccess(
                `"${cancelling.title}" will not be sent${editable(cancelling) ? '' : ' to anyone else'}.`,
                'Cancelled',
              );
            } catch (error) {
              notifyError(error, 'Could not cancel');
            }
            setCancelling(null);
          }}
        >
          {editable(cancelling)
            ? `“${cancelling.title}” will not be sent.`
            : `“${cancelling.title}” is being sent: the learners not reached yet will not get it; what was sent stays sent.`}{' '}
          This cannot be undone.
        </ConfirmModal>
      )}
    </>
  );
}
