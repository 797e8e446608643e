import type { Assessment, AssessmentKind, SavedViewList } from '@bo/contract';
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

/** Each kind's list keeps its own saved views, opened by that kind's module. */
const VIEW_LISTS: Record<AssessmentKind, SavedViewList> = {
  practice: 'practices',
  mock_test: 'mock_tests',
  diagnostic: 'diagnostic_tests',
  video_quiz: 'video_quizzes',
};

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
      list={VIEW_LISTS[kind]}
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
