import type { AuditEntry } from '@bo/contract';
import { ActionIcon, Badge, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconHistory } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';

const PAGE_SIZES = [20, 50, 100];

const formatAt = (iso: string) =>
  new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'medium' });

export function AuditTable({
  records,
  total,
  page,
  pageSize,
  fetching,
  filtered,
  onPage,
  onPageSize,
}: {
  records: AuditEntry[] | undefined;
  total: number | undefined;
  page: number;
  pageSize: number;
  fetching: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const [expanded, setExpanded] = useState<number[]>([]);
  const toggle = (id: number) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  return (
    <DataTable<AuditEntry>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      minHeight={records?.length ? undefined : 260}
      fetching={fetching}
      records={records}
      idAccessor="id"
      totalRecords={total}
      page={page}
      recordsPerPage={pageSize}
      recordsPerPageOptions={PAGE_SIZES}
      recordsPerPageLabel="Entries per page"
      onPageChange={onPage}
      onRecordsPerPageChange={onPageSize}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      noRecordsText={filtered ? 'No entries match' : 'No entries yet'}
      noRecordsIcon={<IconHistory size={32} stroke={1.4} />}
      customRowAttributes={(entry) => ({ 'data-testid': `audit-row-${entry.id}` })}
      rowExpansion={{
        allowMultiple: true,
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => <EntryDetails entry={record} />,
      }}
      columns={[
        {
          accessor: 'expand',
          title: '',
          width: 44,
          render: (entry) => {
            const open = expanded.includes(entry.id);
            return (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${open ? 'Hide' : 'Show'} details of entry ${entry.id}`}
                aria-expanded={open}
                onClick={(event) => {
                  // The row click would toggle it a second time.
                  event.stopPropagation();
                  toggle(entry.id);
                }}
              >
                <IconChevronRight
                  size={16}
                  style={{
                    transform: open ? 'rotate(90deg)' : undefined,
                    transition: 'transform 150ms',
                  }}
                />
              </ActionIcon>
            );
          },
        },
        { accessor: 'at', title: 'When', render: (e) => formatAt(e.at), noWrap: true },
        {
          accessor: 'actorEmail',
          title: 'Actor',
          render: (e) =>
            e.actorEmail ?? (
              <Text span c="dimmed" fz="sm">
                {e.actorId ? `Admin #${e.actorId}` : 'System'}
              </Text>
            ),
        },
        {
          accessor: 'action',
          render: (e) => (
            <Badge variant="light" color="indigo" tt="none" radius="sm">
              {e.action}
            </Badge>
          ),
        },
        {
          accessor: 'entity',
          render: (e) => (e.entityId ? `${e.entity} #${e.entityId}` : e.entity),
        },
        { accessor: 'ip', title: 'IP', render: (e) => e.ip ?? '—' },
      ]}
    />
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  return (
    <Stack gap="xs" p="md" bg="gray.0">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <JsonBlock label="Before" value={entry.before} />
        <JsonBlock label="After" value={entry.after} />
      </SimpleGrid>
      {entry.requestId && (
        <Text fz="xs" c="dimmed">
          Request id: <Code>{entry.requestId}</Code>
        </Text>
      )}
    </Stack>
  );
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={600} tt="uppercase" c="dimmed">
        {label}
      </Text>
      {value === null || value === undefined ? (
        <Text fz="sm" c="dimmed">
          Nothing recorded
        </Text>
      ) : (
        <Code
          block
          fz="xs"
          bg="white"
          style={{
            maxHeight: 320,
            overflow: 'auto',
            border: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </Stack>
  );
}
