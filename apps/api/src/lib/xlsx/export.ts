import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { escapeFormulaText, unescapeFormulaText } from '@bo/contract/spreadsheet-cells';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../content-disposition.ts';
import { heapKeeper } from '../heap-keeper.ts';

/**
 * XLSX export through exceljs's streaming writer: rows are committed to the
 * zip as they come, so a 100k-row export never holds the whole sheet in
 * memory. Never the `xlsx` package (docs/security.md item 24).
 */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<T> {
  header: string;
  key: string;
  /** In characters; exceljs's default when absent. */
  width?: number;
  /** Reads the cell from the row; `row[key]` when absent. */
  value?: (row: T) => CellValue;
}

export interface XlsxSheet<T> {
  name: string;
  columns: XlsxColumn<T>[];
  rows: Iterable<T> | AsyncIterable<T>;
}

/**
 * Formula injection (docs/security.md item 20): every value is written as a
 * plain string, number, boolean or date cell, never as a formula; a string
 * that could still become one gets a leading quote (the contract's
 * `escapeFormulaText`, shared with the web's problem sheets). Numbers stay
 * numbers: a numeric cell cannot become a formula. The importer strips that
 * quote again (`unescapeCell`), so an export re-imports unchanged.
 */
export function escapeCell(value: CellValue): CellValue {
  return typeof value === 'string' ? escapeFormulaText(value) : value;
}

export const unescapeCell = unescapeFormulaText;

function cellOf<T>(column: XlsxColumn<T>, row: T): CellValue {
  const raw = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
  if (raw === null || raw === undefined) return null;
  if (
    typeof raw === 'string' ||
    typeof raw === 'number' ||
    typeof raw === 'boolean' ||
    raw instanceof Date
  ) {
    return escapeCell(raw);
  }
  return escapeCell(typeof raw === 'object' ? JSON.stringify(raw) : String(raw));
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`. */
function sheetName(name: string, index: number): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || `Sheet${index + 1}`;
}

/** One or several sheets, each with its own row type. */
export type Sheets<S extends unknown[]> = { [K in keyof S]: XlsxSheet<S[K]> };

/** How often the writer checks the output for backpressure and yields. */
const CHECK_EVERY = 500;

/** Writes the sheets as one workbook to `out`; resolves once the zip is complete. */
export async function writeXlsx<S extends unknown[]>(
  out: Writable,
  sheets: Sheets<S>,
): Promise<void> {
  // Loaded on first use: ~29 MB the server need not hold until a workbook comes or goes.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const [index, sheet] of (sheets as XlsxSheet<unknown>[]).entries()) {
    const ws = workbook.addWorksheet(sheetName(sheet.name, index), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    ws.columns = sheet.columns.map((c) => ({ key: c.key, width: c.width ?? 15 }));
    const header = ws.addRow(sheet.columns.map((c) => escapeCell(c.header)));
    header.font = { bold: true };
    header.commit();
    let n = 0;
    for await (const row of sheet.rows) {
      ws.addRow(sheet.columns.map((c) => cellOf(c, row))).commit();
      if (++n % CHECK_EVERY === 0) {
        // A slow client must slow the export down rather than grow the buffers.
        if (out.writableNeedDrain) await once(out, 'drain');
        else await nextTurn();
      }
    }
    ws.commit();
  }
  await workbook.commit();
}

/**
 * Streams the workbook as the reply: `return sendXlsx(reply, 'questions', [...])`.
 * An error after the first bytes can only cut the download short (the log
 * has it); the status is already sent by then.
 */
export function sendXlsx<S extends unknown[]>(
  reply: FastifyReply,
  fileName: string,
  sheets: Sheets<S>,
): FastifyReply {
  const body = new PassThrough();
  writeXlsx(body, sheets).catch((err: unknown) => {
    reply.log.error({ err }, 'xlsx export failed');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const name = fileName.toLowerCase().endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(name, 'attachment'))
    .send(body);
}

/**
 * The rows of a download read in key order, page by page: each page starts
 * after the last key seen (an index range, never an OFFSET that rereads
 * everything before it), so a million-row file costs what its rows cost and
 * memory holds one page (garbage collected as it goes: heap-keeper.ts).
 * Every download pages this way: the reports by their natural key, the
 * lists' downloads by their sort and a tiebreaker (lib/list.ts,
 * `sortKeyset`). `maxRows` caps a list's download: a download is a working
 * list, not a backup; past that, the filters must narrow it.
 */
export async function* keysetRows<T, K>(
  page: (after: K | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  { pageSize = 5000, maxRows = Number.POSITIVE_INFINITY } = {},
): AsyncGenerator<T> {
  let after: K | null = null;
  const collect = heapKeeper();
  for (let left = maxRows; left > 0; ) {
    const limit = Math.min(pageSize, left);
    const rows = await page(after, limit);
    yield* rows;
    collect();
    left -= rows.length;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1] as T);
  }
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function csvField(value: CellValue): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The same columns and rows as a CSV text, chunk by chunk (a chunk per few
 * hundred rows), for any number of rows: the reader pulls the next chunk
 * only when the client has taken the last, so memory holds one page. Cells
 * are escaped against formulas like the workbook's; a UTF-8 byte-order mark
 * lets spreadsheet programs read non-ASCII text right.
 */
export async function* csvChunks<T>(
  columns: XlsxColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): AsyncGenerator<string> {
  let chunk = `\uFEFF${columns.map((c) => csvField(escapeCell(c.header))).join(',')}\r\n`;
  let n = 0;
  for await (const row of rows) {
    chunk += `${columns.map((c) => csvField(cellOf(c, row))).join(',')}\r\n`;
    if (++n % CHECK_EVERY === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}
