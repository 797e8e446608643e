import type { LearnerDetail } from '@bo/contract';
import { Card, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';

/** One titled table of a learner's records, newest first; a line when there are none. */
function Section<T extends { id: number }>({
  title,
  rows,
  empty,
  columns,
}: {
  title: string;
  rows: T[];
  empty: string;
  columns: { header: string; cell: (row: T) => ReactNode }[];
}) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((c) => (
                    <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

const minutes = (s: number) => (s < 60 ? `${s} s` : `${Math.round(s / 60)} min`);

/** Sessions, redemptions, content views, feedback and attempts of one learner. */
export function ActivityTables({ detail }: { detail: LearnerDetail }) {
  return (
    <>
      <Section
        title="Sessions"
        rows={detail.sessions}
        empty="No sessions yet."
        columns={[
          { header: 'Started', cell: (s) => formatDateTime(s.startedAt) },
          { header: 'Ended', cell: (s) => formatDateTime(s.endedAt) },
          { header: 'Platform', cell: (s) => s.platform },
        ]}
      />
      <Section
        title="Redemptions"
        rows={detail.redemptions}
        empty="No codes redeemed yet."
        columns={[
          { header: 'Book', cell: (r) => r.bookTitle },
          { header: 'Code', cell: (r) => r.code },
          { header: 'When', cell: (r) => formatDateTime(r.at) },
        ]}
      />
      <Section
        title="Content views"
        rows={detail.views}
        empty="No content viewed yet."
        columns={[
          { header: 'Book', cell: (v) => v.bookTitle },
          { header: 'Content', cell: (v) => `${v.contentKind} #${v.contentId}` },
          { header: 'Time spent', cell: (v) => minutes(v.seconds) },
          { header: 'When', cell: (v) => formatDateTime(v.at) },
        ]}
      />
      <Section
        title="Feedback"
        rows={detail.feedback}
        empty="No feedback yet."
        columns={[
          { header: 'Book', cell: (f) => f.bookTitle ?? '—' },
          { header: 'Rating', cell: (f) => `${f.rating} / 5` },
          { header: 'Comment', cell: (f) => f.comment ?? '—' },
          { header: 'When', cell: (f) => formatDateTime(f.at) },
        ]}
      />
      <Section
        title="Attempts"
        rows={detail.attempts}
        empty="No assessments attempted yet."
        columns={[
          { header: 'Assessment', cell: (a) => a.assessmentName },
          { header: 'Score', cell: (a) => `${a.score} / ${a.maxScore}` },
          { header: 'Time taken', cell: (a) => minutes(a.timeTakenSeconds) },
          { header: 'Submitted', cell: (a) => formatDateTime(a.submittedAt) },
        ]}
      />
    </>
  );
}
