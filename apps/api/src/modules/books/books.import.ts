import type { UploadCatalogResponse } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import { markUnchanged } from '../../lib/audit-record.ts';
import { conflict } from '../../lib/errors.ts';
import type { ChangeCounts } from '../../lib/import/changes.ts';
import { importNowOrAsJob } from '../../lib/import/job.ts';
import { type ImportRun, runImport } from '../../lib/import/runner.ts';
import { wholeFile } from '../../lib/import/whole-file.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { UploadedFile } from '../../lib/storage/upload.ts';
import { templateFile } from '../../lib/xlsx/sheet.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { resolveRows } from './books.import-rows.ts';
import { writeCatalog } from './books.import-write.ts';
import { lockIsbns } from './books.queries.ts';
import { type CatalogColumns, catalogSheet } from './books.sheet.ts';

/**
 * The XLSX catalogue import (uploadbookcatalog) on the import runner, as
 * one batch (lib/import/whole-file.ts): the sheet's columns, then each row
 * against the others and the database (books-import-rows.ts: which book a
 * row updates, ISBN taken, grade and subject by name); the apply step
 * writes every row in one transaction, checked again under the locks of
 * the ISBNs and the books named (books.import-write.ts).
 */

/** The counts of a refused or queued file. */
const NOTHING = { created: 0, updated: 0, unchanged: 0, changes: [], unlistedChanges: 0 };

export const catalogTemplate = () => templateFile('Book catalogue template.xlsx', catalogSheet);
export const MAX_IMPORT_ROWS = catalogSheet.maxRows;

export interface Input {
  ctx: RequestContext;
  actor: AuthAdmin;
}

const catalogImport = (deps: Deps) =>
  wholeFile<CatalogColumns, Input, ChangeCounts, ChangeCounts>({
    name: 'catalogue',
    sheet: catalogSheet,
    async check(db, rows) {
      const { errors, changes } = await resolveRows(db, rows);
      return { errors, summary: changes.report };
    },
    async apply(tx, rows, { ctx, actor }) {
      await lockIsbns(
        tx,
        rows.flatMap((r) => [r.values.isbn, ...(r.values.extraIsbns ?? [])]),
      );
      // Checked again under the locks (the books named, their ISBNs): a book
      // created or changed since the dry run refuses the whole file.
      const again = await resolveRows(
        tx,
        rows.map((r) => ({ ...r, failed: new Set() })),
        true,
      );
      if (again.errors.length) {
        const first = again.errors[0]!;
        throw conflict(
          `Row ${first.row}: ${first.message} (changed meanwhile); nothing was imported`,
        );
      }
      await writeCatalog(tx, ctx, actor, deps.clock().toISOString(), again);
      if (again.creates.length + again.updates.length === 0) markUnchanged(ctx);
      return again.changes.report;
    },
  });

/** `uploadbookcatalog`: imported now, or by a job when the file is large. */
export function uploadCatalog(deps: Deps, input: Input, file: UploadedFile, dryRun: boolean) {
  const data = { fileKey: file.key, dryRun, input };
  return importNowOrAsJob(
    deps,
    input.ctx,
    { kind: 'books.import', file, data },
    () => importCatalog(deps, input, data),
    NOTHING,
  );
}

/** The service entry point, for the route and for a job alike: the workbook is a stored file. */
export async function importCatalog(
  deps: Deps,
  input: Input,
  run: Omit<ImportRun<Input>, 'input'>,
): Promise<UploadCatalogResponse> {
  const { report, summary, result } = await runImport(deps, catalogImport(deps), {
    ...run,
    input,
  });
  return { ...report, ...NOTHING, ...summary, ...result };
}
