import { z } from 'zod';
import type { UploadDef } from './route.ts';

/**
 * What every XLSX import answers, defined once: the counts, every problem of
 * every row as { row, column, message }, and whether it was applied. Each
 * import extends the report with its own counts.
 */
export const importErrorSchema = z.object({
  /** The sheet's row number (headers are row 1: a missing or unknown column is reported there). */
  row: z.number().int(),
  /** The column's header as written in the template. */
  column: z.string(),
  /** A sentence for the administrator, e.g. "Status must be draft, active or inactive". */
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importReportSchema = z.object({
  /** Data rows read (blank rows are skipped). */
  rows: z.number().int(),
  /** Rows without any problem. */
  valid: z.number().int(),
  errors: z.array(importErrorSchema),
  /** False for a dry run (and for a refused file). */
  committed: z.boolean(),
  /**
   * Set when the file is large enough to be imported by a job: the counts are
   * then empty; GET /jobs/status answers the job, whose `result` is this
   * report once it is done, or whose `error` is the refusal the request would
   * have answered ({ message, code, details }).
   */
  jobId: z.string().optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/**
 * One cell of an import row that changes an object the database holds, in
 * the sheet's words: "Status: draft → active". Listed by a dry run before
 * anything is written, and by the commit as what it did.
 */
export const importChangeSchema = z.object({
  row: z.number().int(),
  /** The column's header as written in the sheet. */
  column: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/**
 * The counts of an import that updates as well as creates: a row with the
 * export's ID (or a key the database knows) updates that object, a row
 * without one creates; a row equal to what is stored changes nothing. The
 * export of a list is a valid import of it that changes nothing.
 */
export const importChangesShape = {
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Every changed cell of every updated row, by row in the sheet's column order (up to 100,000). */
  changes: z.array(importChangeSchema),
  /** Changed cells past the first 100,000, counted but not listed. */
  unlistedChanges: z.number().int(),
};

/** Changed cells listed at most in one import's answer (a job keeps its answer as one row). */
export const MAX_LISTED_CHANGES = 100_000;

/** The upload of every XLSX import: one workbook as the field "file". */
export const XLSX_UPLOAD = { field: 'file', kinds: ['xlsx'] } as const satisfies UploadDef;

/**
 * The question import's upload: a workbook, a zip of a workbook and its
 * images, or a text file (Moodle XML, GIFT, Aiken), each with its own size limit.
 */
export const QUESTION_FILE_UPLOAD = {
  field: 'file',
  kinds: ['xlsx', 'zip', 'text'],
} as const satisfies UploadDef;
