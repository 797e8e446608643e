import { XLSX_MAX_ROWS } from '@bo/contract/reports';
import { refusal } from '../../lib/errors.ts';
import { type FileAnswer, textFile, xlsxFile } from '../../lib/file-answer.ts';
import { csvChunks, type XlsxColumn } from '../../lib/xlsx/export.ts';
import type { Range } from './reports.range.ts';

/**
 * Every report's download, one mechanism: the report names its columns, how
 * many rows the filters hold and how to read them (in key order, page by
 * page); the file holds exactly those rows. CSV streams for any count; XLSX
 * stops at Excel's sheet limit, and a larger report is refused up front
 * (never cut short) with the advice to take CSV.
 */
export interface ReportDownload<T> {
  /** The file's name without extension, e.g. "Redemptions". */
  name: string;
  columns: XlsxColumn<T>[];
  count: () => Promise<number>;
  rows: () => AsyncIterable<T>;
}

export async function reportFile<T>(
  format: 'csv' | 'xlsx',
  range: Range,
  download: ReportDownload<T>,
): Promise<FileAnswer> {
  const fileName = `${download.name} ${range.from} to ${range.to}`;
  if (format === 'csv') {
    return textFile(`${fileName}.csv`, 'text/csv; charset=utf-8', () =>
      csvChunks(download.columns, download.rows()),
    );
  }
  const total = await download.count();
  if (total > XLSX_MAX_ROWS) {
    throw refusal(
      'too_many_rows',
      `This report has ${total.toLocaleString('en')} rows, more than an Excel sheet holds ` +
        `(${XLSX_MAX_ROWS.toLocaleString('en')}). Download it as CSV, or narrow the dates or filters.`,
    );
  }
  return xlsxFile(`${fileName}.xlsx`, [
    { name: download.name, columns: download.columns, rows: download.rows() },
  ]);
}

/** A download of rows already in memory (a report worked out whole before its file is written). */
export function listedRows<T>(
  name: string,
  columns: XlsxColumn<T>[],
  rows: T[],
): ReportDownload<T> {
  return {
    name,
    columns,
    count: async () => rows.length,
    rows: async function* () {
      yield* rows;
    },
  };
}

/** The columns several reports' files hold: a learner, book or code reads alike in each. */
export const COLUMN = {
  learnerId: { header: 'Learner ID', key: 'learnerId', width: 12 },
  learnerName: { header: 'Learner', key: 'learnerName', width: 28 },
  bookId: { header: 'Book ID', key: 'bookId', width: 10 },
  isbn: { header: 'ISBN', key: 'isbn', width: 16 },
  title: { header: 'Title', key: 'title', width: 36 },
  code: { header: 'Code', key: 'code', width: 16 },
} satisfies Record<string, XlsxColumn<unknown>>;
