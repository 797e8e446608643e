import type { ImportError } from '@bo/contract';
import { xlsxFile } from '../file-answer.ts';
import type { Cell, Column } from './columns.ts';
import type { CellValue, XlsxSheet } from './export.ts';

/**
 * An import's sheet, declared once: its columns (types, required, rules with
 * sentences) and its row limit. The header row is checked first — every
 * missing required column, unknown column and doubled column is named before
 * any row is looked at — then each row is read cell by cell, every problem
 * of the row reported, not only the first.
 */
// biome-ignore lint/suspicious/noExplicitAny: a column of any value type
export type Columns = Record<string, Column<any, boolean>>;

export interface SheetDef<C extends Columns = Columns> {
  /** The template's sheet name. */
  name: string;
  columns: C;
  /** More data rows than this are refused (413) while the file is read. */
  maxRows: number;
}

/** A fully valid row: required columns present, optional ones possibly undefined. */
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K] extends Column<infer T, true>
    ? T
    : C[K] extends Column<infer T>
      ? T | undefined
      : never;
};

export interface SheetRow<C extends Columns> {
  /** The spreadsheet's row number (headers are row 1). */
  row: number;
  /** The cells that were read without a problem. */
  values: Partial<RowOf<C>>;
  /** Keys of the columns whose cell had a problem (blank required cells included). */
  failed: ReadonlySet<keyof C>;
  /**
   * The columns the header row named (absent: every column): an update
   * leaves a field alone when its column is not in the sheet at all.
   */
  present?: SheetColumns<C>;
}

/** Which of a sheet's columns a file has. */
export interface SheetColumns<C extends Columns> {
  has(key: keyof C): boolean;
}

export const defineSheet = <C extends Columns>(def: SheetDef<C>): SheetDef<C> => def;

export const normalizeHeader = (h: string) => h.toLowerCase().replace(/\s+/g, '');

/** A cell holding a spreadsheet error (#REF!, #N/A…). */
export class CellError {
  constructor(readonly text: string) {}
}

/** Column key → sheet column number, or the header problems (row 1). */
export function mapHeaders<C extends Columns>(
  sheet: SheetDef<C>,
  headers: Map<number, string>,
): { positions: Map<keyof C, number>; errors: ImportError[] } {
  const byName = new Map(
    Object.entries(sheet.columns).map(([key, c]) => [normalizeHeader(c.header), key as keyof C]),
  );
  const positions = new Map<keyof C, number>();
  const errors: ImportError[] = [];
  const unknown: string[] = [];
  for (const [at, text] of [...headers].sort((a, b) => a[0] - b[0])) {
    const key = byName.get(normalizeHeader(text));
    if (key === undefined) unknown.push(text);
    else if (positions.has(key)) {
      errors.push({ row: 1, column: text, message: `The column "${text}" appears twice` });
    } else positions.set(key, at);
  }
  const expected = Object.values(sheet.columns).map((c) => c.header);
  for (const [key, c] of Object.entries(sheet.columns)) {
    if (c.required && !positions.has(key)) {
      errors.push({
        row: 1,
        column: c.header,
        message: `The column "${c.header}" is missing; is this the ${sheet.name} sheet?`,
      });
    }
  }
  for (const text of unknown) {
    errors.push({
      row: 1,
      column: text,
      message: `The column "${text}" is not one of this sheet's: ${expected.join(', ')}`,
    });
  }
  return { positions, errors };
}

/** The sheet's columns as [key, column] pairs, worked out once per sheet (readRow runs per row). */
const columnLists = new WeakMap<SheetDef, [string, Column][]>();
const columnsOf = (sheet: SheetDef) => {
  let list = columnLists.get(sheet);
  if (!list) {
    list = Object.entries(sheet.columns);
    columnLists.set(sheet, list);
  }
  return list;
};

/** The `failed` of every row without a problem: one shared empty set, not one per row. */
const NO_FAILURES: ReadonlySet<never> = new Set();

/**
 * Reads one row: every column's cell through its type. Null when the row is
 * blank in every known column (skipped, not counted). Runs once per row of
 * every import (50,000 for a large question file), so it allocates only
 * the row's values, and its problems when it has some.
 */
export function readRow<C extends Columns>(
  sheet: SheetDef<C>,
  positions: Map<keyof C, number>,
  row: number,
  cellAt: (column: number) => Cell | CellError | undefined,
  errors: ImportError[],
): SheetRow<C> | null {
  const list = columnsOf(sheet) as [keyof C, Column][];
  const cells: (Cell | CellError | undefined)[] = new Array(list.length);
  let blank = true;
  for (let i = 0; i < list.length; i++) {
    const at = positions.get(list[i]![0]);
    const cell = at === undefined ? undefined : cellAt(at);
    cells[i] = cell;
    if (cell !== undefined) blank = false;
  }
  if (blank) return null;
  const values: Partial<Record<keyof C, unknown>> = {};
  let failed: Set<keyof C> | undefined;
  for (let i = 0; i < list.length; i++) {
    const [key, column] = list[i]!;
    const cell = cells[i];
    let problem: string | undefined;
    if (cell instanceof CellError) problem = `${column.header} holds an error (${cell.text})`;
    else if (cell === undefined) {
      if (column.required) problem = `${column.header} is required`;
    } else {
      const read = column.read(cell);
      if ('value' in read) values[key] = read.value;
      else problem = read.problem;
    }
    if (problem !== undefined) {
      failed ??= new Set();
      failed.add(key);
      errors.push({ row, column: column.header, message: problem });
    }
  }
  return {
    row,
    values: values as Partial<RowOf<C>>,
    failed: failed ?? NO_FAILURES,
    present: positions,
  };
}

/**
 * The downloadable template: the columns' headers and their example row.
 * `all`: every column, the export's ID and time too (an export whose rows
 * come back as updates: lib/import/changes.ts).
 */
export function templateOf(
  sheet: SheetDef,
  rows?: Record<string, CellValue>[],
  all = false,
): XlsxSheet<Record<string, CellValue>> {
  const columns = Object.entries(sheet.columns).filter(([, c]) => all || c.inTemplate !== false);
  return {
    name: sheet.name,
    columns: columns.map(([key, c]) => ({
      header: c.header,
      key,
      width: Math.max(12, c.header.length + 4),
    })),
    rows: rows ?? [Object.fromEntries(columns.map(([key, c]) => [key, c.example ?? null]))],
  };
}

/** The template of an import as a download. */
export const templateFile = (
  fileName: string,
  sheet: SheetDef,
  rows?: Record<string, CellValue>[],
) => xlsxFile(fileName, [templateOf(sheet, rows)]);
