import { redemptionsReportQuery } from '@bo/contract/reports';
import { Table } from '@mantine/core';
import { BarChart } from '../../../components/charts/charts.tsx';
import { Figure, formatCount } from '../../../components/charts/figure.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { redemptionsReportRoute, useRedemptionsReport } from '../api/redemptions-report.ts';
import { BookSelect } from './book-picker.tsx';
import { DayChart } from './day-chart.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportLayout } from './report-layout.tsx';
import { ReportRows, whenColumn } from './report-rows.tsx';
import { useReportScreen } from './use-report-screen.ts';

/** Redemptions by book and day (GET /reports/getuserredemtionsreports). */
export function RedemptionsReport() {
  const { values, update, data, download, layout, filterBar, rows } = useReportScreen(
    redemptionsReportQuery,
    redemptionsReportRoute,
    useRedemptionsReport,
  );
  const known = (data?.byBook ?? []).map((b) => ({
    value: String(b.bookId),
    label: `${b.title} (${b.isbn})`,
  }));
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
                <BookSelect
                  value={values.bookId}
                  known={known}
                  onChange={(bookId) => update({ bookId })}
                />
              ),
            },
          ]}
        />
      }
      figures={
        data && (
          <>
            <Figure
              label="Redemptions"
              trend={data.summary.redemptions}
              testId="figure-redemptions"
            />
            <Figure label="Learners who redeemed" trend={data.summary.learners} />
          </>
        )
      }
    >
      {data && (
        <>
          <ReportCard title="Redemptions per day" download={download} testId="chart-redemptions">
            <DayChart
              data={data.series}
              series={[{ name: 'redemptions', label: 'Redemptions', color: 'indigo.6' }]}
            />
          </ReportCard>
          <ReportCard title="Most redeemed books" download={download}>
            <BarChart
              h={Math.max(160, Math.min(10, data.byBook.length) * 36)}
              orientation="vertical"
              data={data.byBook.slice(0, 10).map((b) => ({ ...b, name: b.title }))}
              dataKey="name"
              yAxisProps={{ width: 180 }}
              series={[
                { name: 'redemptions', label: 'This period', color: 'indigo.6' },
                { name: 'previous', label: 'Previous period', color: 'gray.5' },
              ]}
            />
            <Table mt="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Book</Table.Th>
                  <Table.Th>ISBN</Table.Th>
                  <Table.Th ta="right">Redemptions</Table.Th>
                  <Table.Th ta="right">Previous period</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.byBook.slice(0, 20).map((b) => (
                  <Table.Tr key={b.bookId}>
                    <Table.Td>{b.title}</Table.Td>
                    <Table.Td>{b.isbn}</Table.Td>
                    <Table.Td ta="right">{formatCount(b.redemptions)}</Table.Td>
                    <Table.Td ta="right">{formatCount(b.previous)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ReportCard>
          <ReportCard title="Redemptions" download={download} testId="table-redemptions">
            <ReportRows
              {...rows}
              rows={data.rows}
              noun="Redemptions"
              columns={[
                whenColumn(),
                { accessor: 'learnerName', title: 'Learner' },
                { accessor: 'title', title: 'Book' },
                { accessor: 'isbn', title: 'ISBN' },
                { accessor: 'code', title: 'Code' },
              ]}
            />
          </ReportCard>
        </>
      )}
    </ReportLayout>
  );
}
