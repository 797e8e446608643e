import {
  type Metric,
  reportRoutes,
  SUBSCRIBABLE_REPORTS,
  SUBSCRIPTION_DAYS,
  type SubscribableReport,
  type SubscriptionFrequency,
} from '@bo/contract';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type FileAnswer,
  fileAnswerBytes,
  isFileAnswer,
  textFile,
  xlsxFile,
} from '../../lib/file-answer.ts';
import { csvChunks, type XlsxColumn } from '../../lib/xlsx/export.ts';
import type { ReportMailContent } from '../mail/index.ts';
import { filterWords } from './reports.filter-words.ts';
import { addDays } from './reports.range.ts';
import { REPORT_RUNNERS } from './reports.run.ts';
import { barChartPng } from './reports.subscription-chart.ts';

/**
 * What a subscription's mail shows, read by the report itself: the figures
 * (every figure-with-previous the report answers), a chart of its first
 * series per day, and the same file its download gives. The period is whole
 * UTC days up to yesterday: 1 (daily), 7 (weekly) or 30 (monthly); the
 * dashboard keeps the period it was subscribed with.
 */

/** Beyond this an attachment is left out and the mail links to the report instead. */
export const ATTACHMENT_MAX_BYTES = 8 * 1024 * 1024;

export interface SubscriptionToRun {
  report: SubscribableReport;
  filters: Record<string, string>;
  frequency: SubscriptionFrequency;
  format: 'xlsx' | 'csv';
}

type Content = Omit<ReportMailContent, 'to' | 'name' | 'unsubscribeUrl'>;

export function rangeFor(frequency: SubscriptionFrequency, now: Date) {
  const to = addDays(now.toISOString().slice(0, 10), -1);
  return { from: addDays(to, 1 - SUBSCRIPTION_DAYS[frequency]), to };
}

const run = (deps: Deps, report: SubscribableReport, query: Record<string, string>) =>
  (REPORT_RUNNERS[report] as (deps: Deps, q: unknown) => Promise<unknown>)(
    deps,
    reportRoutes[report].query.parse(query),
  );

export async function subscriptionContent(deps: Deps, s: SubscriptionToRun): Promise<Content> {
  const range = s.report === 'dashboard' ? undefined : rangeFor(s.frequency, deps.clock());
  const query = { ...s.filters, ...range, pageSize: '1' };
  const answer = (await run(deps, s.report, { ...query, format: 'json' })) as Record<
    string,
    unknown
  >;
  const shown = (answer.range as { from: string; to: string } | undefined) ?? range!;
  const chart = chartOf(answer);
  const figures = figuresOf(answer);
  // "Assessment results · Assessment: Fractions quiz": a reader with several subscriptions tells them apart.
  const [words] = await filterWords(deps.db, [s.filters]);
  return {
    label: [SUBSCRIBABLE_REPORTS[s.report].label, words].filter(Boolean).join(' · '),
    period: periodWords(shown),
    figures,
    chartCaption: chart.caption,
    chartPng: barChartPng(chart.values),
    file:
      s.report === 'dashboard'
        ? await figuresFile(s.format, `Dashboard ${shown.from} to ${shown.to}`, figures)
        : await fileOf(deps, s, query),
    openUrl: openUrl(deps, s.report, { ...s.filters, ...range }),
  };
}

async function fileOf(deps: Deps, s: SubscriptionToRun, query: Record<string, string>) {
  let answer: unknown;
  try {
    answer = await run(deps, s.report, { ...query, format: s.format });
  } catch (err) {
    // Too many rows for a sheet: the mail says so; the figures still go.
    if (err instanceof AppError && err.status === 422) return { missing: err.message };
    throw err;
  }
  if (!isFileAnswer(answer) || answer.kind === 'stored') return { missing: 'No file.' };
  const body = await fileAnswerBytes(answer);
  if (body.length > ATTACHMENT_MAX_BYTES)
    return {
      missing: `The report's file is too big for a mail (${(body.length / 1048576).toFixed(1)} MB): download it from the report.`,
    };
  return { name: fileName(answer), contentType: contentTypeOf(s.format), body };
}

type Figure = Content['figures'][number];
const FIGURE_COLUMNS: XlsxColumn<Figure>[] = [
  { header: 'Figure', key: 'label', width: 32 },
  { header: 'Value', key: 'value', width: 14 },
  { header: 'Previous period', key: 'previous', width: 16 },
  { header: 'Change', key: 'change', width: 10 },
];

/** The dashboard has no download of its own: the mail's figures are its file, a row each. */
async function figuresFile(format: 'xlsx' | 'csv', name: string, figures: Figure[]) {
  const answer =
    format === 'csv'
      ? textFile(`${name}.csv`, contentTypeOf('csv'), () => csvChunks(FIGURE_COLUMNS, figures))
      : xlsxFile(`${name}.xlsx`, [{ name: 'Dashboard', columns: FIGURE_COLUMNS, rows: figures }]);
  return {
    name: `${name}.${format}`,
    contentType: contentTypeOf(format),
    body: await fileAnswerBytes(answer),
  };
}

const fileName = (a: Exclude<FileAnswer, { kind: 'stored' }>) => a.fileName;
const contentTypeOf = (format: 'xlsx' | 'csv') =>
  format === 'csv'
    ? 'text/csv; charset=utf-8'
    : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function openUrl(deps: Deps, report: SubscribableReport, params: Record<string, string>) {
  let screen: string = SUBSCRIBABLE_REPORTS[report].screen;
  const rest = { ...params };
  screen = screen.replace(/:(\w+)/g, (_m, name: string) => {
    const value = rest[name] ?? '';
    delete rest[name];
    return encodeURIComponent(value);
  });
  const url = new URL(screen, `${deps.config.publicBaseUrl}/`);
  for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, v);
  return url.toString();
}

const dayWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const periodWords = (r: { from: string; to: string }) =>
  r.from === r.to ? dayWords(r.from) : `${dayWords(r.from)} to ${dayWords(r.to)}`;

/** "averageSeconds" -> "Average seconds"; the wrapping "summary" and "metrics" say nothing. */
const words = (path: string[]) => {
  const text = path
    .filter((p) => p !== 'summary' && p !== 'metrics')
    .join(' ')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const isMetric = (v: unknown): v is Metric =>
  typeof v === 'object' && v !== null && 'value' in v && 'previous' in v && 'change' in v;

const number = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });
const change = (c: number | null) =>
  c === null
    ? '–'
    : `${c > 0 ? '+' : ''}${(c * 100).toLocaleString('en', { maximumFractionDigits: 1 })}%`;

/** Every figure with its previous period, in the order the report answers them (lists aside). */
export function figuresOf(answer: unknown, path: string[] = []): Content['figures'] {
  if (isMetric(answer))
    return [
      {
        label: words(path),
        value: number(answer.value),
        previous: number(answer.previous),
        change: change(answer.change),
      },
    ];
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return [];
  return Object.entries(answer).flatMap(([k, v]) => figuresOf(v, [...path, k]));
}

/** The first figure of the report's series per day; the score bins of an assessment. */
export function chartOf(answer: Record<string, unknown>): { caption: string; values: number[] } {
  const series = answer.series;
  if (Array.isArray(series) && series.length) {
    const key = Object.keys(series[0] as object).find(
      (k) => k !== 'day' && typeof (series[0] as Record<string, unknown>)[k] === 'number',
    );
    if (key)
      return {
        caption: `${words([key])} per day`,
        values: series.map((d) => Number((d as Record<string, unknown>)[key] ?? 0)),
      };
  }
  const bins = answer.scoreDistribution;
  if (Array.isArray(bins))
    return { caption: 'Attempts by score, 0 to 100 %', values: bins.map((b) => Number(b.count)) };
  const figures = figuresOf(answer);
  return {
    caption: figures.map((f) => f.label).join(', '),
    values: figuresOf(answer).map((f) => Number(f.value.replace(/,/g, ''))),
  };
}
