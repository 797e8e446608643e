import type { AuditEntry } from '@bo/contract';
import { auditActionLabel } from '@bo/contract/audit-actions';
import { ActionIcon, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { AuditTargetCell } from './audit-target.tsx';

export function AuditTable({
  params,
  query,
  filtered,
}: {
  params: ListTableParams;
  query: ListTableQuery<AuditEntry>;
  filtered: boolean;
}) {
  const [expanded, setExpanded] = useState<number[]>([]);
  const toggle = (id: number) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  return (
    <ListTable<AuditEntry>
      list={'audit'}
      params={params}
      query={query}
      noun="Entries"
      errorTitle="Could not load the audit log"
      filtered={filtered}
      emptyIcon={IconHistory}
      pageSizes={[20, 50, 100]}
      rowTestId={(entry) => `audit-row-${entry.id}`}
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
        {
          accessor: 'at',
          title: 'When',
          render: (e) => formatDateTime(e.at, { seconds: true }),
          noWrap: true,
        },
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
          title: 'What happened',
          render: (e) => <Text fz="sm">{auditActionLabel(e.action)}</Text>,
        },
        {
          accessor: 'entity',
          title: 'About',
          render: (e) => <AuditTargetCell entry={e} />,
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
      <Text fz="xs" c="dimmed">
        Action code: <Code>{entry.action}</Code>
        {entry.entityId && (
          <>
            {' '}
            · {entry.entity} id <Code>{entry.entityId}</Code>
          </>
        )}
        {entry.requestId && (
          <>
            {' '}
            · Request id: <Code>{entry.requestId}</Code>
          </>
        )}
      </Text>
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
