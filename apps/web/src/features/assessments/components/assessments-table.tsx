import type { Assessment, AssessmentKind } from '@bo/contract';
import { Anchor, Badge } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { KINDS } from '../kinds.ts';
import { STATUS_COLOR, STATUS_LABEL } from './labels.ts';

/** One list for the four kinds: name (to the builder), totals, status, last change. */
export function AssessmentsTable({
  kind,
  params,
  query,
  filtered,
}: {
  kind: AssessmentKind;
  params: ListTableParams;
  query: ListTableQuery<Assessment>;
  filtered: boolean;
}) {
  const def = KINDS[kind];
  return (
    <ListTable<Assessment>
      params={params}
      query={query}
      noun={def.plural}
      filtered={filtered}
      emptyIcon={IconClipboardList}
      defaultSort="updatedAt"
      defaultOrder="desc"
      rowTestId={(a) => `assessment-row-${a.id}`}
      columns={[
        {
          accessor: 'name',
          sortable: true,
          render: (a) => (
            <Anchor component={Link} to={`${def.path}/${a.id}`} fz="sm" fw={500}>
              {a.name}
            </Anchor>
          ),
        },
        { accessor: 'totals.questions', title: 'Questions', render: (a) => a.totals.questions },
        { accessor: 'totals.marks', title: 'Marks', render: (a) => a.totals.marks },
        {
          accessor: 'totals.minutes',
          title: 'Minutes',
          render: (a) => a.totals.minutes ?? '—',
        },
        {
          accessor: 'status',
          render: (a) => (
            <Badge variant="dot" color={STATUS_COLOR[a.status]}>
              {STATUS_LABEL[a.status]}
            </Badge>
          ),
        },
        {
          accessor: 'updatedAt',
          title: 'Updated',
          sortable: true,
          render: (a) => formatDateTime(a.updatedAt),
        },
      ]}
    />
  );
}
