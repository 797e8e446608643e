import { Group, Progress, Table, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { z } from 'zod';
import { BarChart } from '../../../components/charts/charts.tsx';
import { Figure, formatDecimal } from '../../../components/charts/figure.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SubscribeButton } from '../../../components/report-subscriptions/subscribe-button.tsx';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { assessmentResultsRoute, useAssessmentResults } from '../api/assessment-report.ts';
import { downloadReport } from '../api/report-query.ts';
import { PeriodPicker } from '../components/period-picker.tsx';
import { ReportCard } from '../components/report-card.tsx';
import { ReportLayout } from '../components/report-layout.tsx';
import { usePeriod } from '../components/use-period.ts';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);
const noFilters = z.object({});

/**
 * /reports/assessments/:id: how learners did on one assessment (attempts,
 * scores, and per question the share correct and its discrimination), opened
 * from the assessment builder.
 */
export function AssessmentResultsPage() {
  const assessmentId = Number(useParams().id);
  const period = usePeriod();
  const { update } = useListParams(noFilters);
  const query = { from: period?.from ?? '', to: period?.to ?? '', assessmentId };
  const report = useAssessmentResults(query, period !== null && assessmentId > 0);
  const data = report.data;
  const download = (format: 'csv' | 'xlsx') =>
    downloadReport(assessmentResultsRoute, query, format);
  return (
    <>
      <PageHeader
        title={data ? `Results: ${data.assessment.title}` : 'Assessment results'}
        description="Attempts in the period, compared with the period of the same length before it."
        actions={
          <Group gap="sm">
            {period && <PeriodPicker period={period} onChange={update} />}
            <SubscribeButton
              report="assessmentResults"
              filters={{ assessmentId: String(assessmentId) }}
            />
          </Group>
        }
      />
      <ReportLayout
        loading={!data}
        error={report.error}
        figures={
          data && (
            <>
              <Figure label="Attempts" trend={data.attempts} testId="figure-attempts" />
              <Figure label="Learners" trend={data.learners} />
              <Figure
                label="Average score"
                trend={data.averageScorePercent}
                format={(n) => `${formatDecimal(n)} %`}
              />
            </>
          )
        }
      >
        {data && (
          <>
            <ReportCard title="Score distribution" download={download} testId="chart-scores">
              <BarChart
                h={240}
                data={data.scoreDistribution.map((b) => ({
                  ...b,
                  label: `${b.fromPercent}–${b.toPercent} %`,
                }))}
                dataKey="label"
                series={[{ name: 'count', label: 'Attempts', color: 'indigo.6' }]}
              />
            </ReportCard>
            <ReportCard title="Questions" download={download} testId="table-questions">
              <Text fz="sm" c="dimmed" mb="sm">
                Discrimination: the share correct among the best 27 % of attempts minus that among
                the weakest 27 % (−1 to 1; shown from 10 attempts). Low or negative values point at
                a question that does not tell strong from weak learners.
              </Text>
              <Table.ScrollContainer minWidth={600}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>#</Table.Th>
                      <Table.Th>Question</Table.Th>
                      <Table.Th ta="right">Answered</Table.Th>
                      <Table.Th w={200}>Correct · partly right</Table.Th>
                      <Table.Th ta="right">Average marks</Table.Th>
                      <Table.Th ta="right">Discrimination</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.questions.map((q, i) => (
                      <Table.Tr key={q.itemId}>
                        {/* Numbered as the learner meets them, from 1 (positions count from 0). */}
                        <Table.Td>{i + 1}</Table.Td>
                        <Table.Td>
                          {q.stem ? <RichTextView html={q.stem} lines={2} /> : '—'}
                        </Table.Td>
                        <Table.Td ta="right">{q.answered}</Table.Td>
                        <Table.Td>
                          <Progress.Root size="sm">
                            <Progress.Section
                              value={(q.correctShare ?? 0) * 100}
                              color="teal.7"
                              aria-label={`Question ${i + 1}: ${percent(q.correctShare)} correct`}
                            />
                            <Progress.Section
                              value={(q.partlyRightShare ?? 0) * 100}
                              color="yellow.5"
                              aria-label={`Question ${i + 1}: ${percent(q.partlyRightShare)} partly right`}
                            />
                          </Progress.Root>
                          <Text fz="xs">
                            {percent(q.correctShare)}
                            {/* Partly right is shown only where an answer can be: items with partial credit. */}
                            {q.partlyRightShare ? ` · ${percent(q.partlyRightShare)} partly` : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          {q.averageMarks === null
                            ? '—'
                            : `${q.averageMarks}${q.marks === null ? '' : ` of ${q.marks}`}`}
                        </Table.Td>
                        <Table.Td ta="right">
                          {q.discrimination === null ? '—' : q.discrimination.toFixed(2)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </ReportCard>
          </>
        )}
      </ReportLayout>
    </>
  );
}
