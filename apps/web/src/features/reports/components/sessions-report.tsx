import { PLATFORM_LABELS, PLATFORMS } from '@bo/contract/learners';
import { sessionsReportQuery } from '@bo/contract/reports';
import { BarChart } from '../../../components/charts/charts.tsx';
import { Figure, formatSeconds } from '../../../components/charts/figure.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { sessionsReportRoute, useSessionsReport } from '../api/sessions-report.ts';
import { DayChart } from './day-chart.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportLayout } from './report-layout.tsx';
import { ReportRows } from './report-rows.tsx';
import { useReportScreen } from './use-report-screen.ts';

/** Sessions per day and their lengths (GET /reports/getusersession). */
export function SessionsReport() {
  const { data, download, layout, filterBar, rows } = useReportScreen(
    sessionsReportQuery,
    sessionsReportRoute,
    useSessionsReport,
  );
  return (
    <ReportLayout
      {...layout}
      filters={
        <FilterBar
          {...filterBar}
          filters={[
            {
              kind: 'segmented',
              key: 'platform',
              label: 'Platform',
              anyLabel: 'All platforms',
              data: PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
            },
          ]}
        />
      }
      figures={
        data && (
          <>
            <Figure label="Sessions" trend={data.summary.sessions} testId="figure-sessions" />
            <Figure label="Learners with a session" trend={data.summary.learners} />
            <Figure
              label="Average length"
              trend={data.summary.averageSeconds}
              format={formatSeconds}
            />
          </>
        )
      }
    >
      {data && (
        <>
          <ReportCard title="Sessions per day" download={download} testId="chart-sessions">
            <DayChart
              data={data.series}
              series={[
                { name: 'sessions', label: 'Sessions', color: 'indigo.6' },
                { name: 'learners', label: 'Learners', color: 'teal.6' },
              ]}
            />
          </ReportCard>
          <ReportCard title="Session lengths" download={download} testId="chart-lengths">
            <BarChart
              h={220}
              data={data.lengths}
              dataKey="label"
              series={[{ name: 'count', label: 'Sessions', color: 'indigo.6' }]}
            />
          </ReportCard>
          <ReportCard title="Sessions started" download={download} testId="table-sessions">
            <ReportRows
              {...rows}
              rows={data.rows}
              noun="Sessions"
              columns={[
                { accessor: 'learnerName', title: 'Learner' },
                { accessor: 'platform', title: 'Platform' },
                {
                  accessor: 'startedAt',
                  title: 'Started',
                  noWrap: true,
                  render: (r) => formatDateTime(r.startedAt),
                },
                {
                  accessor: 'seconds',
                  title: 'Length',
                  render: (r) => (r.seconds === null ? 'Still open' : formatSeconds(r.seconds)),
                },
              ]}
            />
          </ReportCard>
        </>
      )}
    </ReportLayout>
  );
}
