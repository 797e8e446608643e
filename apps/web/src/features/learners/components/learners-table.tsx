import type { Learner } from '@bo/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { LEARNER_STATUS_COLOR, LEARNER_STATUS_LABEL } from './learners-filters.tsx';

export function LearnersTable({
  params,
  query,
  filtered,
  selected,
  onSelect,
}: {
  params: ListTableParams;
  query: ListTableQuery<Learner>;
  filtered: boolean;
  selected: Learner[];
  onSelect: (learners: Learner[]) => void;
}) {
  return (
    <ListTable<Learner>
      list={'learners'}
      params={params}
      query={query}
      noun="Learners"
      filtered={filtered}
      emptyIcon={IconUsers}
      defaultSort="registeredAt"
      defaultOrder="desc"
      rowTestId={(l) => `learner-row-${l.id}`}
      selection={{
        selected,
        onChange: onSelect,
        allLabel: 'Select all learners on this page',
        rowLabel: (l) => `Select ${l.name}`,
      }}
      columns={[
        {
          accessor: 'name',
          sortable: true,
          render: (l) => (
            <Stack gap={0}>
              <Anchor component={Link} to={`/learners/${l.id}`} fz="sm" fw={500}>
                {l.name}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {[l.email, l.phone].filter(Boolean).join(' · ') || '—'}
              </Text>
            </Stack>
          ),
        },
        { accessor: 'gradeName', title: 'Grade', noWrap: true, render: (l) => l.gradeName ?? '—' },
        { accessor: 'city', sortable: true, render: (l) => l.city ?? '—' },
        { accessor: 'state', sortable: true, render: (l) => l.state ?? '—' },
        {
          accessor: 'status',
          render: (l) => (
            <StatusBadge color={LEARNER_STATUS_COLOR[l.status]}>
              {LEARNER_STATUS_LABEL[l.status]}
            </StatusBadge>
          ),
        },
        {
          accessor: 'registeredAt',
          title: 'Registered',
          sortable: true,
          noWrap: true,
          render: (l) => formatDateTime(l.registeredAt),
        },
        {
          accessor: 'lastActiveAt',
          title: 'Last active',
          sortable: true,
          noWrap: true,
          render: (l) => formatDateTime(l.lastActiveAt),
        },
      ]}
    />
  );
}
