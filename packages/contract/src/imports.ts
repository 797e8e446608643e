import { z } from 'zod';
import { defineRoutes, type UploadDef } from './route.ts';

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
   * then empty, and the report comes from /import/status once the job is done.
   */
  jobId: z.string().optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The upload of every XLSX import: one workbook as the field "file". */
export const XLSX_UPLOAD = { field: 'file', kinds: ['xlsx'] } as const satisfies UploadDef;

export const IMPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

export const importStatusQuery = z.object({ id: z.uuid() });

/** A coded refusal, as an answer's { message, code, details? }. */
export const importRefusalSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const importStatusSchema = z.object({
  state: z.enum(IMPORT_JOB_STATES),
  /** 0-100. */
  progress: z.number(),
  /** What the import is doing, e.g. "Checking 8,000 rows". */
  message: z.string().nullable(),
  /** The import's report (with its own counts) once done. */
  result: importReportSchema.loose().nullable(),
  /** Why it failed: the same { message, code } a request would have answered. */
  error: importRefusalSchema.nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const importRoutes = defineRoutes({
  importStatus: {
    method: 'GET',
    path: '/import/status',
    access: 'session',
    tag: 'imports',
    summary:
      'Progress and outcome of an import run as a job (an upload answered with jobId); only the admin who started it, or a super admin, sees it (404 otherwise)',
    query: importStatusQuery,
    response: importStatusSchema,
  },
});
