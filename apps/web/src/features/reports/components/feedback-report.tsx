import { feedbackReportQuery } from '@bo/contract/reports';
import { BarChart } from '../../../components/charts/charts.tsx';
import { Figure, formatDecimal } from '../../../components/charts/figure.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { feedbackReportRoute, useFeedbackReport } from '../api/feedback-report.ts';
import { BookSelect } from './book-picker.tsx';
import { DayChart } from './day-chart.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportLayout } from './report-layout.tsx';
import { ReportRows, whenColumn } from './report-rows.tsx';
import { useReportScreen } from './use-report-screen.ts';

/** Feedback per day and by rating (GET /reports/downloadfeedback). */
export function FeedbackReport() {
  const { values, update, data, download, layout, filterBar, rows } = useReportScreen(
    feedbackReportQuery,
    feedbackReportRoute,
    useFeedbackReport,
  );
  return (
    <ReportLayout
      {...layout}
      filters={
        <FilterBar
          {...filterBar}
          filters={[
            {
              kind: 'custom',
              keys: ['bookId'],
              element: (
                <BookSelect value={values.bookId} onChange={(bookId) => update({ bookId })} />
              ),
            },
            {
              kind: 'segmented',
              key: 'rating',
              label: 'Rating',
              anyLabel: 'Any rating',
              data: [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} ★` })),
            },
          ]}
        />
      }
      figures={
        data && (
          <>
            <Figure label="Feedback given" trend={data.summary.feedback} testId="figure-feedback" />
            <Figure
              label="Average rating"
              trend={data.summary.averageRating}
              format={formatDecimal}
            />
          </>
        )
      }
    >
      {data && (
        <>
          <ReportCard title="Feedback per day" download={download} testId="chart-feedback">
            <DayChart
              data={data.series.map((d) => ({ ...d, averageRating: d.averageRating ?? 0 }))}
              series={[{ name: 'feedback', label: 'Feedback', color: 'indigo.6' }]}
            />
          </ReportCard>
          <ReportCard title="Ratings" download={download}>
            <BarChart
              h={200}
              data={data.ratings.map((r) => ({ ...r, label: `${r.rating} ★` }))}
              dataKey="label"
              series={[{ name: 'count', label: 'Feedback', color: 'yellow.6' }]}
            />
          </ReportCard>
          <ReportCard title="Feedback" download={download} testId="table-feedback">
            <ReportRows
              {...rows}
              rows={data.rows}
              noun="Feedback"
              columns={[
                whenColumn(),
                { accessor: 'learnerName', title: 'Learner' },
                { accessor: 'title', title: 'Book', render: (r) => r.title ?? '—' },
                { accessor: 'rating', title: 'Rating', render: (r) => `${r.rating} ★` },
                { accessor: 'comment', title: 'Comment', render: (r) => r.comment ?? '—' },
              ]}
            />
          </ReportCard>
        </>
      )}
    </ReportLayout>
  );
}
