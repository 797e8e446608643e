import type { Popup } from '@bo/contract';
import { popupListQuery } from '@bo/contract/popups';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconWindowMaximize } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { hasFilters, useListParams } from '../../../lib/search-params.ts';
import { useChangePopupStatus } from '../api/change-popup-status.ts';
import { useDeletePopup } from '../api/delete-popup.ts';
import { usePopups } from '../api/list-popups.ts';
import { PopupForm } from '../components/popup-form.tsx';

const caps = (p: Popup) =>
  [
    p.capPerDay && `${p.capPerDay}/day`,
    p.capPerSession && `${p.capPerSession}/session`,
    p.capTotal && `${p.capTotal} in all`,
  ]
    .filter(Boolean)
    .join(', ') || 'No caps';

/** /popups: what the learner app shows over its screens, to whom and when. */
export function PopupsPage() {
  const params = useListParams(popupListQuery);
  const { values, update } = params;
  const list = usePopups(values);
  const status = useChangePopupStatus();
  const remove = useDeletePopup();
  const [editing, setEditing] = useState<Popup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Popup | null>(null);
  const toggle = async (p: Popup) => {
    try {
      await status.mutateAsync({
        ids: [p.id],
        status: p.status === 'active' ? 'inactive' : 'active',
      });
    } catch (error) {
      notifyError(error, 'Could not change the status');
    }
  };
  return (
    <>
      <PageHeader
        title="Pop-ups"
        description="Shown by the learner app to an audience between two times, highest priority first, within their caps."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New pop-up
          </Button>
        }
      />
      <FilterBar
        values={values}
        onChange={update}
        search={{ label: 'Search pop-ups', placeholder: 'Title' }}
        filters={[
          {
            kind: 'segmented',
            key: 'status',
            label: 'Status',
            anyLabel: 'All',
            data: [
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ],
          },
        ]}
      />
      <ListTable<Popup>
        list={'popups'}
        params={params}
        query={list}
        noun="Pop-ups"
        filtered={hasFilters(values, ['q', 'status'])}
        emptyIcon={IconWindowMaximize}
        defaultSort="priority"
        defaultOrder="desc"
        rowTestId={(p) => `popup-row-${p.id}`}
        columns={[
          {
            accessor: 'title',
            sortable: true,
            render: (p) => (
              <Stack gap={2}>
                <Text fz="sm" fw={500}>
                  {p.title}
                </Text>
                <Text fz="xs" c="dimmed">
                  {caps(p)} · shown {p.shown} times
                </Text>
              </Stack>
            ),
          },
          { accessor: 'priority', sortable: true },
          {
            accessor: 'startsAt',
            title: 'Window',
            sortable: true,
            render: (p) => `${formatDateTime(p.startsAt)} – ${formatDateTime(p.endsAt)}`,
          },
          {
            accessor: 'status',
            render: (p) => (
              <StatusBadge color={p.status === 'active' ? 'green' : 'gray'}>
                {p.status === 'active' ? 'Active' : 'Inactive'}
              </StatusBadge>
            ),
          },
          {
            accessor: 'actions',
            title: 'Actions',
            render: (p) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(p)}>
                  Edit
                </Button>
                <Button size="xs" variant="default" onClick={() => toggle(p)}>
                  {p.status === 'active' ? 'Deactivate' : 'Activate'}
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setDeleting(p)}>
                  Delete
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {editing && (
        <PopupForm popup={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmModal
          title="Delete this pop-up?"
          confirmLabel="Delete"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: deleting.id });
              notifySuccess(`"${deleting.title}" was deleted.`);
            } catch (error) {
              notifyError(error, 'Could not delete');
            }
            setDeleting(null);
          }}
        >
          “{deleting.title}” and its view counts will be removed.
        </ConfirmModal>
      )}
    </>
  );
}
