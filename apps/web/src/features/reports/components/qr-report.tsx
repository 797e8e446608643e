import { qrReportQuery } from '@bo/contract/reports';
import { Table } from '@mantine/core';
import { Figure, formatCount } from '../../../components/charts/figure.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { qrReportRoute, useQrReport } from '../api/qr-report.ts';
import { BookSelect } from './book-picker.tsx';
import { DayChart } from './day-chart.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportLayout } from './report-layout.tsx';
import { ReportRows, whenColumn } from './report-rows.tsx';
import { useReportScreen } from './use-report-screen.ts';

/** QR scans by code, book and day (GET /reports/getqrcodereport). */
export function QrReport() {
  const { values, update, data, download, layout, filterBar, rows } = useReportScreen(
    qrReportQuery,
    qrReportRoute,
    useQrReport,
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
              keys: ['bookId', 'codeId'],
              element: (
                <BookSelect
                  value={values.bookId}
                  onChange={(bookId) => update({ bookId, codeId: undefined })}
                />
              ),
            },
          ]}
        />
      }
      figures={
        data && (
          <>
            <Figure label="Scans" trend={data.summary.scans} testId="figure-scans" />
            <Figure label="Codes scanned" trend={data.summary.codes} />
          </>
        )
      }
    >
      {data && (
        <>
          <ReportCard title="Scans per day" download={download} testId="chart-scans">
            <DayChart
              data={data.series}
              series={[{ name: 'scans', label: 'Scans', color: 'indigo.6' }]}
            />
          </ReportCard>
          <ReportCard title="Most scanned codes" download={download}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Book</Table.Th>
                  <Table.Th ta="right">Scans</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.byCode.slice(0, 20).map((c) => (
                  <Table.Tr key={c.codeId}>
                    <Table.Td ff="monospace">{c.code}</Table.Td>
                    <Table.Td>{c.title ?? 'Video code'}</Table.Td>
                    <Table.Td ta="right">{formatCount(c.scans)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ReportCard>
          <ReportCard title="Scans" download={download} testId="table-scans">
            <ReportRows
              {...rows}
              rows={data.rows}
              noun="Scans"
              columns={[
                whenColumn(),
                { accessor: 'code', title: 'Code' },
                { accessor: 'title', title: 'Book', render: (r) => r.title ?? 'Video code' },
              ]}
            />
          </ReportCard>
        </>
      )}
    </ReportLayout>
  );
}
