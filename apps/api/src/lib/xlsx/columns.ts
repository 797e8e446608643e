import { hasControlCharacters, parseIsbn } from '@bo/contract';
import type { CellValue } from './export.ts';

/**
 * The column types of an import sheet. A column reads one non-empty cell and
 * answers its value or a sentence for the administrator naming the column
 * ("Status must be draft, active or inactive"); a blank required cell is
 * reported by the sheet ("Title is required"). Never a raw schema message.
 */
export type Cell = string | number | boolean | Date;

export type Read<T> = { value: T } | { problem: string };

export interface Column<T = unknown, Req extends boolean = boolean> {
  /** As written in the sheet's first row; matched ignoring case and spaces. */
  header: string;
  required: Req;
  /** The template's example value. */
  example?: CellValue;
  /** False: read when present, but not in the blank template (the export's ID). */
  inTemplate?: false;
  read(cell: Cell): Read<T>;
}

interface Options<Req extends boolean> {
  required?: Req;
  example?: CellValue;
}

const column = <T, Req extends boolean>(
  header: string,
  opts: Options<Req>,
  read: (cell: Cell) => Read<T>,
): Column<T, Req> => ({
  header,
  required: (opts.required ?? false) as Req,
  ...(opts.example !== undefined ? { example: opts.example } : {}),
  read,
});

/** Dates as their day, numbers as written: the text an administrator typed. */
export const cellText = (cell: Cell): string =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim();

/**
 * Text up to `max` characters, without control characters; `multiline` lets
 * line breaks and tabs through (a rich-text cell holding HTML).
 */
export function text<const Req extends boolean = false>(
  header: string,
  opts: Options<Req> & { max: number; multiline?: boolean },
): Column<string, Req> {
  return column<string, Req>(header, opts, (cell) => {
    const value = cellText(cell);
    if (value.length > opts.max) {
      return { problem: `${header} must be at most ${opts.max} characters` };
    }
    if (hasControlCharacters(value, opts.multiline)) {
      return {
        problem: opts.multiline
          ? `${header} must not contain control characters`
          : `${header} must not contain control characters (tabs, line breaks)`,
      };
    }
    return { value };
  });
}

/** A whole number from `min` to `max`. */
export function wholeNumber<const Req extends boolean = false>(
  header: string,
  opts: Options<Req> & { min: number; max: number },
): Column<number, Req> {
  return column<number, Req>(header, opts, (cell) => {
    const n = typeof cell === 'number' ? cell : Number(cellText(cell));
    if (typeof cell === 'boolean' || cell instanceof Date || !Number.isInteger(n)) {
      return { problem: `${header} must be a whole number from ${opts.min} to ${opts.max}` };
    }
    if (n < opts.min || n > opts.max) {
      return { problem: `${header} must be a whole number from ${opts.min} to ${opts.max}` };
    }
    return { value: n };
  });
}

/** A number from `min` to `max`, in steps of `step` when given (0.25 for quarter marks). */
export function decimal<const Req extends boolean = false>(
  header: string,
  opts: Options<Req> & { min: number; max: number; step?: number },
): Column<number, Req> {
  const rule = `${header} must be a number from ${opts.min} to ${opts.max}${opts.step ? ` in steps of ${opts.step}` : ''}`;
  return column<number, Req>(header, opts, (cell) => {
    const n = typeof cell === 'number' ? cell : Number(cellText(cell));
    if (typeof cell === 'boolean' || cell instanceof Date || !Number.isFinite(n)) {
      return { problem: rule };
    }
    if (n < opts.min || n > opts.max) return { problem: rule };
    if (opts.step && !Number.isInteger(Math.round((n / opts.step) * 1e9) / 1e9)) {
      return { problem: rule };
    }
    return { value: n };
  });
}

const listOf = (values: readonly string[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** One of `values`, in any case. */
export function oneOf<const V extends string, const Req extends boolean = false>(
  header: string,
  values: readonly V[],
  opts: Options<Req> = {},
): Column<V, Req> {
  return column<V, Req>(header, opts, (cell) => {
    const value = cellText(cell).toLowerCase();
    const match = values.find((v) => v.toLowerCase() === value);
    return match ? { value: match } : { problem: `${header} must be ${listOf(values)}` };
  });
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Yes or No (also Y/N, true/false, 1/0, or a checkbox). */
export function yesNo<const Req extends boolean = false>(
  header: string,
  opts: Options<Req> = {},
): Column<boolean, Req> {
  return column<boolean, Req>(header, opts, (cell) => {
    if (typeof cell === 'boolean') return { value: cell };
    const value = cellText(cell).toLowerCase();
    if (YES.has(value)) return { value: true };
    if (NO.has(value)) return { value: false };
    return { problem: `${header} must be Yes or No` };
  });
}

/** Excel may hold an ISBN as a number: it is read as its digits. */
const isbnText = (cell: Cell) =>
  typeof cell === 'number' ? cell.toFixed(0) : cellText(cell).slice(0, 200);

/** One ISBN (10 or 13, hyphens allowed), normalised to ISBN-13. */
export function isbn<const Req extends boolean = false>(
  header: string,
  opts: Options<Req> = {},
): Column<string, Req> {
  return column<string, Req>(header, opts, (cell) => {
    const raw = isbnText(cell);
    const parsed = parseIsbn(raw);
    return parsed.ok
      ? { value: parsed.isbn }
      : { problem: `${header} "${raw}" is not a valid ISBN (${reason(parsed.message)})` };
  });
}

/** ISBNs separated by commas, semicolons or line breaks, at most `max`. */
export function isbnList<const Req extends boolean = false>(
  header: string,
  opts: Options<Req> & { max: number },
): Column<string[], Req> {
  return column<string[], Req>(header, opts, (cell) => {
    const parts = isbnText(cell)
      .split(/[,;\n]/)
      .map((x) => x.trim())
      .filter(Boolean);
    if (parts.length > opts.max) {
      return { problem: `${header} may hold at most ${opts.max} ISBNs` };
    }
    const out: string[] = [];
    for (const raw of parts) {
      const parsed = parseIsbn(raw);
      if (!parsed.ok) {
        return { problem: `${header}: "${raw}" is not a valid ISBN (${reason(parsed.message)})` };
      }
      out.push(parsed.isbn);
    }
    return { value: out };
  });
}

/** The cell as it is, for a sheet that checks it with the rest of the row. */
export function anyCell<const Req extends boolean = false>(
  header: string,
  opts: Options<Req> = {},
): Column<Cell, Req> {
  return column<Cell, Req>(header, opts, (cell) => ({ value: cell }));
}

/** parseIsbn's message without its "Not a valid ISBN:" lead. */
const reason = (message: string) => message.replace(/^Not a valid ISBN:\s*/, '');
