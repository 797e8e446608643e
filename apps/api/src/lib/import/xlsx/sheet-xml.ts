import { SaxesParser } from 'saxes';
import { AppError } from '../../errors.ts';
import type { Cell } from '../../xlsx/columns.ts';
import { unescapeCell } from '../../xlsx/export.ts';
import { CellError } from '../../xlsx/sheet.ts';
import {
  corruptXlsx,
  dateStyles,
  firstSheetEntry,
  localName,
  parseWorkbook,
  sharedStrings,
  sheetNamesOf,
  TextTable,
} from './workbook-parts.ts';
import { inspectZip, streamEntry, type ZipInput, type ZipLimits } from './zip.ts';

/**
 * The first sheet of an XLSX workbook, row by row, read straight from its
 * XML (saxes, the parser exceljs itself uses) instead of through exceljs's
 * workbook reader: exceljs built a Row and a Cell object with its style per
 * cell, kept the shared strings as rich-text objects and spent ~7 s and
 * ~120 MB of RSS on a 50,000-row file (docs/performance.md, "Questions
 * import: 50,000 rows"). Only what an import reads is kept: the shared
 * strings as plain text, which cell styles are dates, and for each row its
 * cells as plain values. The zip is guarded first (zip.ts); the
 * sheet's part is inflated as a stream while the rows are taken, never
 * whole.
 *
 * Cell values, as exceljs gave them and `plain` read them: text (shared,
 * inline, rich text runs joined, a formula's text result) trimmed, blank
 * text as empty; numbers, or dates when the cell's number format is a date
 * format (1900 or 1904 system); booleans; spreadsheet errors as
 * `CellError`; a formula by its cached result, never evaluated. Entities
 * are decoded once, by the XML parser (exceljs decoded them twice).
 */
export type PlainCell = Cell | CellError | undefined;

export interface XmlRow {
  /** The spreadsheet's row number. */
  number: number;
  /** Column number (1 = A) → value; absent cells are absent. */
  cells: Map<number, PlainCell>;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const SMALL_PARTS = new Set([WORKBOOK, WORKBOOK_RELS, STYLES]);
/** Parts streamed, never unpacked whole: the shared strings and the sheets. */
const streamed = (name: string) =>
  name === SHARED_STRINGS || /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/** The names of a workbook's sheets, in its order (a workbook of several sheets is read by name). */
export async function workbookSheetNames(input: ZipInput, limits: ZipLimits): Promise<string[]> {
  const entries = await inspectZip(input, limits, (name) => name === WORKBOOK);
  return sheetNamesOf(entries.find((e) => e.name === WORKBOOK)?.data);
}

/**
 * Rows of the first sheet (or of the sheet named `sheetName`), handed on in
 * groups (one group per inflated chunk).
 */
export async function* firstSheetRows(
  input: ZipInput,
  limits: ZipLimits,
  sheetName?: string,
): AsyncGenerator<XmlRow[]> {
  const entries = await inspectZip(input, limits, (name) =>
    SMALL_PARTS.has(name) ? true : streamed(name) ? 'stream' : false,
  );
  const part = (name: string) => entries.find((e) => e.name === name);
  const book = parseWorkbook(part(WORKBOOK)?.data, part(WORKBOOK_RELS)?.data, sheetName);
  const sheet =
    sheetName === undefined
      ? firstSheetEntry(entries, book.sheetPath)
      : entries.find((e) => book.named && e.name === book.sheetPath);
  if (!sheet) {
    const which = sheetName === undefined ? 'no sheet' : `no sheet named "${sheetName}"`;
    throw new AppError(400, 'xlsx_empty', `The workbook has ${which}`);
  }
  const shared = part(SHARED_STRINGS);
  const strings = shared ? await sharedStrings(shared) : new TextTable();
  const rows = sheetParser(strings, dateStyles(part(STYLES)?.data), book.date1904);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of streamEntry(sheet)) {
    const done = rows.write(decoder.decode(chunk, { stream: true }));
    if (done.length) yield done;
  }
  const last = rows.end(decoder.decode());
  if (last.length) yield last;
}

/** "AB12" → 28; undefined without letters. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code >= 65 && code <= 90) n = n * 26 + code - 64;
    else if (code >= 97 && code <= 122) n = n * 26 + code - 96;
    else break;
  }
  return n || undefined;
}

const DAY_MS = 24 * 3600 * 1000;

/** Text as the imports see it: trimmed, our export's escaping undone, blank as empty. */
export function plainText(text: string): string | undefined {
  const trimmed = unescapeCell(text.trim());
  return trimmed === '' ? undefined : trimmed;
}

/** The sheet part's parser: XML text in, finished rows out. */
function sheetParser(strings: TextTable, dates: Set<number>, date1904: boolean) {
  const parser = new SaxesParser({ xmlns: false });
  let done: XmlRow[] = [];
  let row: XmlRow | null = null;
  let lastRow = 0;
  let inSheetData = false;
  // The cell being read.
  let column = 0;
  let type = '';
  let style = -1;
  let value: string | null = null;
  let inline: string | null = null;
  let target: 'v' | 't' | null = null;
  let inPhonetic = false;

  const cellValue = (): PlainCell => {
    if (type === 'inlineStr') return plainText(inline ?? value ?? '');
    if (value === null) return undefined;
    switch (type) {
      case 's': {
        const text = strings.at(Number.parseInt(value, 10));
        return text === undefined ? undefined : plainText(text);
      }
      case 'str':
        return plainText(value);
      case 'e':
        return new CellError(value);
      case 'b':
        return Number.parseInt(value, 10) !== 0;
      case 'd': {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? plainText(value) : date;
      }
      default: {
        if (value.trim() === '') return undefined;
        const n = Number.parseFloat(value);
        if (!dates.has(style)) return n;
        return new Date(Math.round((n - 25569 + (date1904 ? 1462 : 0)) * DAY_MS));
      }
    }
  };

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'sheetData') inSheetData = true;
    else if (!inSheetData) return;
    else if (name === 'row') {
      const r = Number.parseInt(tag.attributes.r as string, 10);
      lastRow = Number.isNaN(r) ? lastRow + 1 : r;
      row = { number: lastRow, cells: new Map() };
    } else if (name === 'c' && row) {
      column = columnOf(tag.attributes.r as string | undefined) ?? column + 1;
      type = (tag.attributes.t as string | undefined) ?? 'n';
      style = tag.attributes.s === undefined ? -1 : Number(tag.attributes.s);
      value = null;
      inline = null;
    } else if (name === 'v') {
      target = 'v';
      value = '';
    } else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && !inPhonetic) {
      target = 't';
      inline ??= '';
    }
  });
  const append = (text: string) => {
    if (target === 'v') value += text;
    else if (target === 't') inline += text;
  };
  parser.on('text', append);
  parser.on('cdata', append);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'sheetData') inSheetData = false;
    else if (name === 'v' || name === 't') target = null;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'c' && row) {
      const v = cellValue();
      if (v !== undefined) row.cells.set(column, v);
    } else if (name === 'row' && row) {
      done.push(row);
      row = null;
      column = 0;
    }
  });
  parser.on('error', () => {
    throw corruptXlsx();
  });

  const take = () => {
    const out = done;
    done = [];
    return out;
  };
  return {
    write(text: string) {
      parser.write(text);
      return take();
    },
    end(text: string) {
      parser.write(text).close();
      return take();
    },
  };
}
