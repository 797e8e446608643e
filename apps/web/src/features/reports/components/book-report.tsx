import { Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Figure } from '../../../components/charts/figure.tsx';
import { bookAnalyticsRoute, useBookAnalytics } from '../api/book-report.ts';
import { downloadReport } from '../api/report-query.ts';
import { BOOK_DAY_SERIES, BOOK_METRIC_VIEW } from './book-metrics.ts';
import { BookSelect } from './book-picker.tsx';
import { DayChart } from './day-chart.tsx';
import { ReportCard } from './report-card.tsx';
import { ReportLayout } from './report-layout.tsx';

/** One book's figures per day (GET /reports/getisbnanalytics); the book is `bookId` in the URL. */
export function BookReport({ period }: { period: { from: string; to: string } }) {
  const [params, setParams] = useSearchParams();
  const bookId = Number(params.get('bookId')) || undefined;
  const query = { ...period, bookId: bookId ?? 0 };
  const report = useBookAnalytics(query, bookId !== undefined);
  const data = bookId ? report.data : undefined;
  const download = (format: 'csv' | 'xlsx') => downloadReport(bookAnalyticsRoute, query, format);
  const pick = (id: number | undefined) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('bookId', String(id));
      else next.delete('bookId');
      return next;
    });
  const known = data
    ? [{ value: String(data.book.bookId), label: `${data.book.title} (${data.book.isbn})` }]
    : [];
  return (
    <ReportLayout
      loading={bookId !== undefined && !data}
      error={report.error}
      filters={
        <BookSelect
          value={bookId}
          onChange={pick}
          placeholder="Search by title or ISBN"
          known={known}
          w={420}
        />
      }
      figures={
        data &&
        BOOK_METRIC_VIEW.map((m) => (
          <Figure key={m.key} label={m.label} trend={data.metrics[m.key]} format={m.format} />
        ))
      }
    >
      {!bookId && <Text c="dimmed">Choose a book to see its figures.</Text>}
      {data && (
        <ReportCard title="Per day" download={download} testId="chart-book">
          <DayChart data={data.series} series={[...BOOK_DAY_SERIES]} />
        </ReportCard>
      )}
    </ReportLayout>
  );
}
