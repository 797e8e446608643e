import { LEARNER_STATUSES } from '@bo/contract/learners';
import { learnersReportQuery } from '@bo/contract/reports';
import { Figure } from '../../../components/charts/figure.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { learnersReportRoute, useLearnersReport } from '../api/learners-report.ts';
import { DayChart } from './day-chart.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportLayout } from './report-layout.tsx';
import { ReportRows } from './report-rows.tsx';
import { useReportScreen } from './use-report-screen.ts';

const STATUS_COLOR: Record<string, string> = { active: 'teal', inactive: 'gray', blocked: 'red' };
const label = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Learners registered and active per day, and who registered (GET /reports/getuserdatareport). */
export function LearnersReport() {
  const { data, download, layout, filterBar, rows } = useReportScreen(
    learnersReportQuery,
    learnersReportRoute,
    useLearnersReport,
  );
  const grades = useGrades();
  return (
    <ReportLayout
      {...layout}
      filters={
        <FilterBar
          {...filterBar}
          filters={[
            {
              kind: 'select',
              key: 'gradeId',
              label: 'Grade',
              placeholder: 'Any grade',
              data: (grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name })),
              disabled: grades.isError,
              width: 150,
            },
            { kind: 'text', key: 'state', label: 'State', placeholder: 'Any state', width: 150 },
            { kind: 'text', key: 'city', label: 'City', placeholder: 'Any city', width: 140 },
            {
              kind: 'select',
              key: 'status',
              label: 'Status',
              placeholder: 'Any status',
              data: LEARNER_STATUSES.map((s) => ({ value: s, label: label(s) })),
              width: 130,
            },
          ]}
        />
      }
      figures={
        data && (
          <>
            <Figure
              label="Learners registered"
              trend={data.summary.registered}
              testId="figure-registered"
            />
            <Figure label="Learners active" trend={data.summary.active} testId="figure-active" />
          </>
        )
      }
    >
      {data && (
        <>
          <ReportCard
            title="Registered and active per day"
            download={download}
            testId="chart-learners"
          >
            <DayChart
              data={data.series}
              series={[
                { name: 'registered', label: 'Registered', color: 'indigo.6' },
                { name: 'active', label: 'Active', color: 'teal.6' },
              ]}
            />
          </ReportCard>
          <ReportCard title="Learners registered" download={download} testId="table-learners">
            <ReportRows
              {...rows}
              rows={data.rows}
              noun="Learners"
              columns={[
                { accessor: 'name', title: 'Name' },
                { accessor: 'email', title: 'E-mail', render: (r) => r.email ?? r.phone ?? '—' },
                {
                  accessor: 'gradeName',
                  title: 'Grade',
                  noWrap: true,
                  render: (r) => r.gradeName ?? '—',
                },
                {
                  accessor: 'city',
                  title: 'Place',
                  render: (r) => [r.city, r.state].filter(Boolean).join(', ') || '—',
                },
                {
                  accessor: 'status',
                  title: 'Status',
                  render: (r) => (
                    <StatusBadge color={STATUS_COLOR[r.status]}>{label(r.status)}</StatusBadge>
                  ),
                },
                {
                  accessor: 'registeredAt',
                  title: 'Registered',
                  noWrap: true,
                  render: (r) => formatDateTime(r.registeredAt),
                },
              ]}
            />
          </ReportCard>
        </>
      )}
    </ReportLayout>
  );
}
