import { XLSX_MAX_ROWS } from '@bo/contract/reports';
import { AppError } from '../../lib/errors.ts';
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
    throw new AppError(
      422,
      'too_many_rows',
      `This report has ${total.toLocaleString('en')} rows, more than an Excel sheet holds ` +
        `(${XLSX_MAX_ROWS.toLocaleString('en')}). Download it as CSV, or narrow the dates or filters.`,
    );
  }
  return xlsxFile(`${fileName}.xlsx`, [
    { name: download.name, columns: download.columns, rows: download.rows() },
  ]);
}
