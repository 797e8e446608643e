import { qrReportQuery } from '@bo/contract/reports';
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { Figure, formatCount } from '../../../components/charts/figure.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { SidewaysScroll } from '../../../components/sideways-scroll.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
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
            <SidewaysScroll label="Most scanned codes" minWidth={720}>
              <Table striped aria-label="Most scanned codes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Book</Table.Th>
                    <Table.Th>Opens</Table.Th>
                    <Table.Th ta="right">Scans</Table.Th>
                    <Table.Th>Last scan</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.byCode.slice(0, 20).map((c) => (
                    <Table.Tr key={c.codeId} data-testid={`report-code-${c.code}`}>
                      <Table.Td ff="monospace">{c.code}</Table.Td>
                      <Table.Td>
                        {c.title ?? 'Video code'}
                        {c.isbn && (
                          <Text span display="block" c="dimmed" fz="xs">
                            ISBN {c.isbn}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {c.hasContent
                          ? (c.target ?? '')
                          : `Nothing to open${c.target ? ` (${c.target})` : ''}`}
                      </Table.Td>
                      <Table.Td ta="right">{formatCount(c.scans)}</Table.Td>
                      <Table.Td>{formatDateTime(c.lastScanAt)}</Table.Td>
                      <Table.Td>
                        {/* Retargeting is on the code's list, where each row has its action. */}
                        <Anchor
                          component={Link}
                          to={c.bookId === null ? '/qr-codes?tab=videos' : `/qr-codes/${c.bookId}`}
                          fz="sm"
                          aria-label={`Retarget ${c.code}`}
                        >
                          Retarget
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </SidewaysScroll>
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
