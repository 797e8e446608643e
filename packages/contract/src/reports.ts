import { z } from 'zod';
import { idParam, integerParam, PAGE_SIZE_MAX, textSchema } from './common.ts';
import { learnerStatusSchema, PLATFORMS } from './learners.ts';

/**
 * The reports (docs/reports.md): each over a range of whole days (UTC, both
 * ends included) with its filters, compared with the period of the same
 * length just before it. `format=json` answers the screen; `csv` or `xlsx`
 * answers a file holding exactly the filtered rows.
 */

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** The longest range a report covers, in days. */
export const REPORT_MAX_DAYS = 366;
/** Rows an XLSX sheet holds below its header (Excel's limit, 1,048,576 rows in all). */
export const XLSX_MAX_ROWS = 1_048_575;

/** A calendar day, YYYY-MM-DD (UTC). */
const dayParam = z.iso.date('Must be a date, YYYY-MM-DD');
const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

const rangeFields = {
  from: dayParam,
  to: dayParam,
  format: z.enum(REPORT_FORMATS).default('json'),
};
const pageFields = {
  page: integerParam(z.number().int().min(1)).default(1),
  pageSize: integerParam(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(20),
};

/** The range must run forwards and be at most REPORT_MAX_DAYS long. */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.from > q.to) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end date is before the start date',
    });
  } else if (daysInRange(q.from, q.to) > REPORT_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A report covers at most ${REPORT_MAX_DAYS} days; choose a shorter range`,
    });
  }
}

const bookFilter = { bookId: idParam.optional() };

export const learnersReportQuery = z
  .object({
    ...rangeFields,
    ...pageFields,
    gradeId: idParam.optional(),
    state: textSchema({ max: 100 }).optional(),
    city: textSchema({ max: 100 }).optional(),
    status: learnerStatusSchema.optional(),
  })
  .superRefine(checkRange);
export const sessionsReportQuery = z
  .object({ ...rangeFields, ...pageFields, platform: z.enum(PLATFORMS).optional() })
  .superRefine(checkRange);
export const redemptionsReportQuery = z
  .object({ ...rangeFields, ...pageFields, ...bookFilter })
  .superRefine(checkRange);
export const feedbackReportQuery = z
  .object({
    ...rangeFields,
    ...pageFields,
    ...bookFilter,
    rating: integerParam(z.number().int().min(1).max(5)).optional(),
  })
  .superRefine(checkRange);
export const qrReportQuery = z
  .object({ ...rangeFields, ...pageFields, ...bookFilter, codeId: idParam.optional() })
  .superRefine(checkRange);
export const bookAnalyticsQuery = z
  .object({ ...rangeFields, bookId: idParam })
  .superRefine(checkRange);

/** `bookIds=1,2,3`: two to four different books. */
const bookIdList = z
  .string()
  .max(100)
  .regex(/^\d+(,\d+)*$/, 'List book ids separated by commas, like 3,8')
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.every((id) => id > 0 && id <= Number.MAX_SAFE_INTEGER), 'Not a book id')
  .refine((ids) => new Set(ids).size === ids.length, 'Each book may appear once')
  .refine((ids) => ids.length >= 2 && ids.length <= 4, 'Compare two to four books');
export const booksComparisonQuery = z
  .object({ ...rangeFields, bookIds: bookIdList })
  .superRefine(checkRange);

export const DASHBOARD_PERIODS = ['7', '30', '90'] as const;
/** The dashboard: the last `days` days up to today (UTC). */
export const dashboardQuery = z.object({ days: z.enum(DASHBOARD_PERIODS).default('30') });

export const assessmentResultsQuery = z
  .object({ ...rangeFields, assessmentId: idParam })
  .superRefine(checkRange);

export type LearnersReportQuery = z.input<typeof learnersReportQuery>;
export type SessionsReportQuery = z.input<typeof sessionsReportQuery>;
export type RedemptionsReportQuery = z.input<typeof redemptionsReportQuery>;
export type FeedbackReportQuery = z.input<typeof feedbackReportQuery>;
export type QrReportQuery = z.input<typeof qrReportQuery>;
export type BookAnalyticsQuery = z.input<typeof bookAnalyticsQuery>;
export type BooksComparisonQuery = z.input<typeof booksComparisonQuery>;
export type DashboardQuery = z.input<typeof dashboardQuery>;
export type AssessmentResultsQuery = z.input<typeof assessmentResultsQuery>;

// The answers' shapes: reports-responses.ts.
export * from './reports-responses.ts';
