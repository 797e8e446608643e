import { Group, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BarChart } from '../../../components/charts/charts.tsx';
import { TrendBadge } from '../../../components/charts/figure.tsx';
import { booksComparisonRoute, useBooksComparison } from '../api/compare-report.ts';
import { downloadReport } from '../api/report-query.ts';
import { BOOK_METRIC_VIEW } from './book-metrics.ts';
import { BooksMultiSelect } from './book-picker.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportLayout } from './report-layout.tsx';

const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6'];

/** Two to four books side by side on every figure (GET /reports/getdatabyisbns); `bookIds` in the URL. */
export function CompareReport({ period }: { period: { from: string; to: string } }) {
  const [params, setParams] = useSearchParams();
  const ids = (params.get('bookIds') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0)
    .slice(0, 4);
  const ready = ids.length >= 2;
  const query = { ...period, bookIds: ids.join(',') };
  const report = useBooksComparison(query, ready);
  const data = ready ? report.data : undefined;
  const download = (format: 'csv' | 'xlsx') => downloadReport(booksComparisonRoute, query, format);
  const pick = (next: number[]) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next.length) out.set('bookIds', next.join(','));
      else out.delete('bookIds');
      return out;
    });
  const known = (data?.books ?? []).map((b) => ({
    value: String(b.book.bookId),
    label: `${b.book.title} (${b.book.isbn})`,
  }));
  // Numbered, so two books of the same title stay two series.
  const name = (b: { book: { title: string } }, i: number) => `${i + 1}. ${b.book.title}`;
  return (
    <ReportLayout
      loading={ready && !data}
      error={ready ? report.error : null}
      filters={<BooksMultiSelect value={ids} onChange={pick} known={known} />}
    >
      {!ready && <Text c="dimmed">Choose two to four books to compare them on every figure.</Text>}
      {data && (
        <>
          <ReportCard title="Books side by side" download={download} testId="table-compare">
            <Table.ScrollContainer minWidth={640}>
              <Table striped withColumnBorders>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Figure</Table.Th>
                    {data.books.map((b) => (
                      <Table.Th key={b.book.bookId}>
                        <Stack gap={0}>
                          <Text fw={600} fz="sm">
                            {b.book.title}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {b.book.isbn}
                          </Text>
                        </Stack>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {BOOK_METRIC_VIEW.map((m) => (
                    <Table.Tr key={m.key} data-testid={`compare-${m.key}`}>
                      <Table.Th scope="row">{m.label}</Table.Th>
                      {data.books.map((b) => (
                        <Table.Td key={b.book.bookId}>
                          <Group gap="xs" justify="space-between" wrap="nowrap">
                            <Text fw={600}>{m.format(b.metrics[m.key].value)}</Text>
                            <TrendBadge trend={b.metrics[m.key]} format={m.format} />
                          </Group>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ReportCard>
          <ReportCard title="Activity by book" download={download}>
            <BarChart
              h={260}
              data={['redemptions', 'views', 'scans', 'feedback', 'attempts'].map((key) => ({
                figure: BOOK_METRIC_VIEW.find((m) => m.key === key)!.label,
                ...Object.fromEntries(
                  data.books.map((b, i) => [name(b, i), b.metrics[key as 'views'].value]),
                ),
              }))}
              dataKey="figure"
              withLegend
              series={data.books.map((b, i) => ({ name: name(b, i), color: COLORS[i]! }))}
            />
          </ReportCard>
        </>
      )}
    </ReportLayout>
  );
}
