import type { QuestionRow } from '@bo/contract';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconListCheck, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { richTextWords } from '../../../components/rich-text/rich-text-words.ts';
import { ServerRichTextView } from '../../../components/rich-text/server-rich-text-view.tsx';
import { StatusBadge, WHOLE_LABEL } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import {
  approximateTotal,
  curriculumLine,
  DIFFICULTY_COLOR,
  DIFFICULTY_LABEL,
  STATUS_COLOR,
  STATUS_LABEL,
  TYPE_LABEL,
} from './list-labels.ts';

/**
 * The question list: each row shows the stem as the server drew it (math and images,
 * clamped to three lines) with its curriculum and tags, type, difficulty,
 * status and marks. A click on the row, or its eye button, opens the preview.
 */
/**
 * A badge's label clips with an ellipsis, which also lets the table squeeze
 * its column below the word ("DRA…" beside a long stem): these short words
 * keep their width and the stem column gives way instead.
 */

export function ListQuestionsTable({
  params,
  query,
  totalIsEstimate,
  filtered,
  selected,
  onSelect,
  onPreview,
}: {
  params: ListTableParams;
  query: ListTableQuery<QuestionRow>;
  totalIsEstimate: boolean;
  filtered: boolean;
  selected: QuestionRow[];
  onSelect: (rows: QuestionRow[]) => void;
  onPreview: (row: QuestionRow) => void;
}) {
  return (
    <ListTable<QuestionRow>
      list={'questions'}
      params={params}
      query={query}
      noun="Questions"
      filtered={filtered}
      emptyIcon={IconListCheck}
      defaultSort="updatedAt"
      defaultOrder="desc"
      totalText={(total) =>
        totalIsEstimate ? approximateTotal(total) : total.toLocaleString('en-US')
      }
      rowTestId={(q) => `question-row-${q.id}`}
      onRowClick={onPreview}
      selection={{
        selected,
        onChange: onSelect,
        allLabel: 'Select all questions on this page',
        rowLabel: (q) => `Select question ${q.id}: ${richTextWords(q.stem, 60)}`,
      }}
      columns={[
        {
          accessor: 'stem',
          title: 'Question',
          render: (q) => (
            <Stack gap={4} maw={640}>
              <ServerRichTextView html={q.stemView} lines={3} testId={`question-stem-${q.id}`} />
              {(curriculumLine(q) || q.tags.length > 0) && (
                <Group gap={6}>
                  {curriculumLine(q) && (
                    <Text fz="xs" c="dimmed">
                      {curriculumLine(q)}
                    </Text>
                  )}
                  {q.tags.slice(0, 5).map((t) => (
                    <Badge key={t} size="xs" variant="outline" color="gray" tt="none">
                      {t}
                    </Badge>
                  ))}
                  {q.tags.length > 5 && (
                    <Text fz="xs" c="dimmed">
                      +{q.tags.length - 5}
                    </Text>
                  )}
                </Group>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'type',
          sortable: true,
          render: (q) => (
            <Stack gap={0}>
              <Text fz="sm">{TYPE_LABEL[q.type]}</Text>
              {q.language !== 'English' && (
                <Text fz="xs" c="dimmed">
                  {q.language}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'difficulty',
          sortable: true,
          render: (q) => (
            <Badge variant="light" color={DIFFICULTY_COLOR[q.difficulty]} styles={WHOLE_LABEL}>
              {DIFFICULTY_LABEL[q.difficulty]}
            </Badge>
          ),
        },
        {
          accessor: 'status',
          render: (q) => (
            <StatusBadge color={STATUS_COLOR[q.status]}>{STATUS_LABEL[q.status]}</StatusBadge>
          ),
        },
        {
          accessor: 'marks',
          sortable: true,
          textAlign: 'right',
          render: (q) => (
            <Text fz="sm">
              {q.marks}
              {q.negativeMarks > 0 && (
                <Text span fz="xs" c="dimmed">
                  {' '}
                  (−{q.negativeMarks})
                </Text>
              )}
            </Text>
          ),
        },
        {
          accessor: 'updatedAt',
          title: 'Updated',
          sortable: true,
          render: (q) => <Text fz="sm">{formatDateTime(q.updatedAt)}</Text>,
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>Actions</VisuallyHidden>,
          textAlign: 'right',
          render: (q) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label="Preview">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Preview question ${q.id}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onPreview(q);
                  }}
                >
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Edit">
                <ActionIcon
                  variant="subtle"
                  component={Link}
                  to={`/questions/${q.id}`}
                  aria-label={`Edit question ${q.id}`}
                  onClick={(e) => e.stopPropagation()}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
