import type { ContactMessage } from '@bo/contract';
import { contactListQuery, resolveContactBody } from '@bo/contract/learners';
import { Button, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { hasFilters, useListParams } from '../../../lib/search-params.ts';
import { useContactMessages, useResolveContact } from '../api/contact-messages.ts';
import { NoteModal } from '../components/note-modal.tsx';

/** /contact-messages: what learners and visitors wrote from the app; resolve with a note. */
export function ContactPage() {
  const params = useListParams(contactListQuery);
  const { values, update } = params;
  const list = useContactMessages(values);
  const [resolving, setResolving] = useState<ContactMessage | null>(null);
  const resolve = useResolveContact();
  return (
    <>
      <PageHeader
        title="Contact messages"
        description="Messages sent from the learner app's contact form."
      />
      <FilterBar
        values={values}
        onChange={update}
        search={{ label: 'Search messages', placeholder: 'Name, e-mail, subject or text' }}
        filters={[
          {
            kind: 'segmented',
            key: 'status',
            label: 'Status',
            anyLabel: 'All',
            data: [
              { value: 'new', label: 'New' },
              { value: 'resolved', label: 'Resolved' },
            ],
          },
        ]}
      />
      <ListTable<ContactMessage>
        list={'contact_messages'}
        params={params}
        query={list}
        noun="Messages"
        filtered={hasFilters(values, ['q', 'status'])}
        emptyIcon={IconMail}
        defaultSort="receivedAt"
        defaultOrder="desc"
        rowTestId={(m) => `contact-row-${m.id}`}
        columns={[
          {
            accessor: 'subject',
            sortable: true,
            render: (m) => (
              <Stack gap={2}>
                <Text fz="sm" fw={500}>
                  {m.subject}
                </Text>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {m.message}
                </Text>
                {m.note && (
                  <Text fz="xs" c="dimmed">
                    Note by {m.resolvedByName ?? 'an admin'}: {m.note}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'name',
            title: 'From',
            sortable: true,
            render: (m) => (
              <Stack gap={0}>
                <Text fz="sm">{m.name}</Text>
                <Text fz="xs" c="dimmed">
                  {[m.email, m.phone].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'receivedAt',
            title: 'Received',
            sortable: true,
            render: (m) => formatDateTime(m.receivedAt),
          },
          {
            accessor: 'status',
            render: (m) =>
              m.status === 'new' ? (
                <Button size="xs" variant="light" onClick={() => setResolving(m)}>
                  Resolve
                </Button>
              ) : (
                <StatusBadge color="green">Resolved</StatusBadge>
              ),
          },
        ]}
      />
      {resolving && (
        <NoteModal
          title="Resolve message?"
          intro={
            <>
              “{resolving.subject}” from {resolving.name}. Say what was done.
            </>
          }
          label="Note"
          field="note"
          schema={resolveContactBody}
          fixed={{ id: resolving.id }}
          confirmLabel="Resolve"
          busy={resolve.isPending}
          onClose={() => setResolving(null)}
          onSubmit={async (note) => {
            await resolve.mutateAsync({ id: resolving.id, note });
            notifySuccess('The message is resolved.');
            setResolving(null);
          }}
        />
      )}
    </>
  );
}
