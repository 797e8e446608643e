import type { ImportError } from '@bo/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Columns, RowOf, SheetColumns, SheetDef, SheetRow } from '../xlsx/sheet.ts';
import type { ImportKind } from './runner.ts';
import { type RowSource, sheetSource, withBatches } from './xlsx/read.ts';

/**
 * A kind whose rules need every row together (a catalogue's ISBNs against
 * each other, a curriculum's tree, a TOC's outline), on the one runner: the
 * whole sheet is one batch (at most its `maxRows`), checked, then applied
 * in the commit's transaction. The apply checks again under its locks what
 * it must (the check ran before them).
 */
export interface WholeFileKind<C extends Columns, In, Summary, Result> {
  /** For logs and job names: "catalogue", "curriculum", "toc". */
  name: string;
  sheet: SheetDef<C>;
  /**
   * The kind's rules on the rows read (cells that had a problem are absent
   * from `values` and named in `failed`); answers more problems and the
   * counts a dry run shows.
   */
  check(
    db: Db | Tx,
    rows: SheetRow<C>[],
    input: In,
  ): Promise<{ errors: ImportError[]; summary: Summary }>;
  /** Writes the rows (all valid) inside the transaction; throws to roll back. */
  apply(tx: Tx, rows: ValidRow<C>[], input: In): Promise<Result>;
  /** The rows from the stored file; absent, the first sheet read as `sheet` (a workbook of several sheets reads them itself). */
  read?: ImportKind<C, In, Summary, Result>['read'];
  /** The problems in the order the report lists them; absent, by row then column. */
  orderErrors?: ImportKind<C, In, Summary, Result>['orderErrors'];
}

export interface ValidRow<C extends Columns> {
  row: number;
  values: RowOf<C>;
  present?: SheetColumns<C>;
}

export function wholeFile<C extends Columns, In, Summary, Result>(
  kind: WholeFileKind<C, In, Summary, Result>,
): ImportKind<C, In, Summary, Result | null> {
  return {
    name: kind.name,
    sheet: kind.sheet,
    batchSize: Number.POSITIVE_INFINITY,
    read: async (file, opts) =>
      oneBatch(kind.read ? await kind.read(file, opts) : sheetSource(file, kind.sheet, opts)),
    orderErrors: kind.orderErrors,
    async start(db, input, tx) {
      let rows: SheetRow<C>[] = [];
      let summary: Summary | undefined;
      let result: Result | null = null;
      return {
        async check(batch) {
          rows = batch;
          const checked = await kind.check(db, batch, input);
          summary = checked.summary;
          return checked.errors;
        },
        async apply(skip) {
          const valid = rows
            .filter((r) => !skip?.has(r.row))
            .map((r) => ({ row: r.row, values: r.values as RowOf<C>, present: r.present }));
          result = await kind.apply(tx!, valid, input);
        },
        async end() {
          return { summary: summary as Summary, result };
        },
      };
    },
  };
}

/**
 * The sheet as exactly one batch, an empty one too: a TOC sheet of headers
 * alone is still checked and applied (with "remove missing", it empties
 * the book). The reader refuses a sheet past its `maxRows`.
 */
function oneBatch<C extends Columns>(source: RowSource<C>): RowSource<C> {
  return withBatches(source, async function* () {
    const rows: SheetRow<C>[] = [];
    for await (const batch of source.batches(Number.POSITIVE_INFINITY)) rows.push(...batch);
    yield rows;
  });
}
