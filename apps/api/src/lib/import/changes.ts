import { type ImportChange, type ImportError, MAX_LISTED_CHANGES } from '@bo/contract';
import { type Cell, type Column, cellText, type Read, wholeNumber } from '../xlsx/columns.ts';

/**
 * Update by import, one mechanism for every kind: an export carries each
 * object's ID and the time it was last changed ("Updated at"); a row that
 * comes back with them updates that object, unless it was changed since
 * the export (then the row is a problem, never an overwrite). Each kind
 * says how its stored object reads in the sheet's words; the difference,
 * cell by cell, is what a dry run shows and what the commit writes.
 */

/** When an object was last changed, as the export wrote it (text with milliseconds). */
function stamp(header: string): Column<Date, false> {
  return {
    header,
    required: false,
    inTemplate: false,
    read(cell: Cell): Read<Date> {
      const at = cell instanceof Date ? cell : new Date(cellText(cell));
      return Number.isNaN(at.getTime())
        ? { problem: `${header} must be the time the export wrote, as it wrote it` }
        : { value: at };
    },
  };
}

/** The two columns that make an export come back as updates: which object, and as of when. */
export const exportKeyColumns = () => ({
  id: {
    ...wholeNumber('ID', { min: 1, max: Number.MAX_SAFE_INTEGER }),
    inTemplate: false as const,
  },
  updatedAt: stamp('Updated at'),
});

/** The export's side of the same two columns, after the kind's own. */
export const exportKeyCells = <R extends { id: number; updatedAt: string }>() => [
  { header: 'ID', key: 'id', width: 10 },
  { header: 'Updated at', key: 'updatedAt', width: 26, value: (r: R) => r.updatedAt },
];

/** Who last changed a stored object, and when. */
export interface LastChange {
  updatedAt: Date;
  updatedBy: string | null;
}

/**
 * The problem of a row whose object was changed after the export it comes
 * from: "Changed by A at 2026-11-28 10:42 UTC since your export". A time
 * typed by hand without milliseconds is compared to the second.
 */
export function changedSinceExport(
  row: number,
  exported: Date | undefined,
  stored: LastChange,
): ImportError | null {
  if (!exported) return null;
  const exact = exported.getMilliseconds() !== 0;
  const storedAt = stored.updatedAt.getTime();
  if ((exact ? storedAt : storedAt - (storedAt % 1000)) <= exported.getTime()) return null;
  const when = `${stored.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    row,
    column: 'Updated at',
    message: `Changed by ${stored.updatedBy ?? 'someone'} at ${when} since your export: download the list again and redo this row`,
  };
}

/** One cell as stored and as the row writes it, both in the sheet's words. */
export type CellPair = [column: string, from: string, to: string];

export interface ChangeCounts {
  created: number;
  updated: number;
  unchanged: number;
  changes: ImportChange[];
  unlistedChanges: number;
}

/** What an import would do (or did): rows that create, update, change nothing; every changed cell. */
export class ImportChanges {
  created = 0;
  updated = 0;
  unchanged = 0;
  readonly changes: ImportChange[] = [];
  unlistedChanges = 0;

  create() {
    this.created++;
  }

  /** A row naming a stored object: answers whether it changes anything. */
  compare(row: number, cells: CellPair[]): boolean {
    const changed = cells.filter(([, from, to]) => from !== to);
    if (changed.length === 0) {
      this.unchanged++;
      return false;
    }
    this.updated++;
    for (const [column, from, to] of changed) {
      if (this.changes.length < MAX_LISTED_CHANGES) this.changes.push({ row, column, from, to });
      else this.unlistedChanges++;
    }
    return true;
  }

  get report(): ChangeCounts {
    const { created, updated, unchanged, changes, unlistedChanges } = this;
    return { created, updated, unchanged, changes, unlistedChanges };
  }
}
