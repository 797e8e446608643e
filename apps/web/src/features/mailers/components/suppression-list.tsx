import type { Suppression } from '@bo/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { SearchedTable, useSearchedPages } from '../../../components/searched-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRemoveSuppression, useSuppressionList } from '../api/suppression-list.ts';

const REASON_LOOK: Record<Suppression['reason'], { color: string; label: string }> = {
  bounced: { color: 'orange', label: 'Bounced' },
  complained: { color: 'grape', label: 'Complained' },
  unsubscribed: { color: 'gray', label: 'Unsubscribed' },
};

/** The suppression list under the mailers: search it, take an address off it. */
export function SuppressionList() {
  const pages = useSearchedPages();
  const list = useSuppressionList(pages.page, pages.search);
  const remove = useRemoveSuppression();
  const [removing, setRemoving] = useState<Suppression | null>(null);
  return (
    <Stack mt="xl" gap="xs">
      <Title order={2} fz="h4">
        Suppression list
      </Title>
      <Text fz="sm" c="dimmed">
        Addresses no mailer reaches: they bounced, complained (marked a mail as spam) or
        unsubscribed.
      </Text>
      <SearchedTable
        pages={pages}
        query={list}
        searchLabel="Search the suppression list"
        placeholder="E-mail address"
        label="Suppression list"
        errorTitle="Could not load the suppression list"
        emptyText="No address is suppressed."
        noMatchText="No suppressed address matches."
        rowKey={(s) => s.email}
        columns={[
          { title: 'Address', render: (s) => s.email },
          {
            title: 'Reason',
            render: (s) => (
              <StatusBadge color={REASON_LOOK[s.reason].color}>
                {REASON_LOOK[s.reason].label}
              </StatusBadge>
            ),
          },
          { title: 'When', render: (s) => formatDateTime(s.at) },
          { title: 'Mailer', render: (s) => s.mailerName ?? '' },
          { title: 'Detail', render: (s) => s.detail ?? '' },
          {
            title: 'Action',
            render: (s) => (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={`Remove ${s.email} from the list`}
                onClick={() => setRemoving(s)}
              >
                Remove
              </Button>
            ),
          },
        ]}
      />
      {removing && (
        <ConfirmModal
          title="Take this address off the list?"
          confirmLabel="Remove from the list"
          loading={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ email: removing.email });
              notifySuccess(`${removing.email} will get mailers again`);
              setRemoving(null);
            } catch (error) {
              notifyError(error);
            }
          }}
        >
          Later mailers will be sent to {removing.email} again. Do it only when its owner asked for
          them or the mailbox works again.
        </ConfirmModal>
      )}
    </Stack>
  );
}
