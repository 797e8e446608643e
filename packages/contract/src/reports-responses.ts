import { z } from 'zod';
import { paginated, timestampSchema } from './common.ts';
import { learnerSchema } from './learners.ts';

/** What the reports answer (their queries: reports.ts). */
// ---- Answers --------------------------------------------------------------

const day = z.string().describe('YYYY-MM-DD (UTC)');
const count = z.number().int().min(0);

export const periodSchema = z.object({ from: day, to: day });
/** A figure and the same figure over the previous period; change is (value − previous) / previous, null when previous is 0. */
export const metricSchema = z.object({
  value: z.number(),
  previous: z.number(),
  change: z.number().nullable(),
});
export type Metric = z.infer<typeof metricSchema>;

const periods = { range: periodSchema, previousRange: periodSchema };
const bookRef = z.object({ bookId: z.number().int(), isbn: z.string(), title: z.string() });
export type ReportBook = z.infer<typeof bookRef>;

/** A learner as the report lists them: the learner's fields, without the app id, grade id and devices. */
export const learnerReportRowSchema = learnerSchema.omit({
  uid: true,
  gradeId: true,
  activeDevices: true,
  blockedHere: true,
});
export const learnersReportSchema = z.object({
  ...periods,
  summary: z.object({ registered: metricSchema, active: metricSchema }),
  /** Per day: learners registered, and distinct learners active. */
  series: z.array(z.object({ day, registered: count, active: count })),
  /** Learners registered in the range (the download's rows). */
  rows: paginated(learnerReportRowSchema),
});

export const SESSION_LENGTH_BUCKETS = [
  { label: 'Under 1 min', min: 0, max: 60 },
  { label: '1–5 min', min: 60, max: 300 },
  { label: '5–15 min', min: 300, max: 900 },
  { label: '15–30 min', min: 900, max: 1800 },
  { label: '30–60 min', min: 1800, max: 3600 },
  { label: 'Over 1 hour', min: 3600, max: null },
] as const;
export const sessionReportRowSchema = z.object({
  id: z.number().int(),
  learnerId: z.number().int(),
  learnerName: z.string(),
  platform: z.string(),
  startedAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  /** Null while the session has no end. */
  seconds: z.number().int().nullable(),
});
export const sessionsReportSchema = z.object({
  ...periods,
  summary: z.object({
    sessions: metricSchema,
    learners: metricSchema,
    /** Over ended sessions only. */
    averageSeconds: metricSchema,
  }),
  series: z.array(z.object({ day, sessions: count, learners: count, averageSeconds: z.number() })),
  /** Ended sessions by length (SESSION_LENGTH_BUCKETS, min included, max excluded), then the open ones. */
  lengths: z.array(z.object({ label: z.string(), count })),
  rows: paginated(sessionReportRowSchema),
});

export const redemptionReportRowSchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  learnerId: z.number().int(),
  learnerName: z.string(),
  bookId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  code: z.string(),
});
export const redemptionsReportSchema = z.object({
  ...periods,
  summary: z.object({ redemptions: metricSchema, learners: metricSchema }),
  series: z.array(z.object({ day, redemptions: count })),
  /** Every book redeemed in the range, most redeemed first. */
  byBook: z.array(bookRef.extend({ redemptions: count, previous: count })),
  rows: paginated(redemptionReportRowSchema),
});

export const feedbackReportRowSchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  learnerId: z.number().int(),
  learnerName: z.string(),
  bookId: z.number().int().nullable(),
  title: z.string().nullable(),
  contentKind: z.string().nullable(),
  contentId: z.number().int().nullable(),
  rating: z.number().int(),
  comment: z.string().nullable(),
});
export const feedbackReportSchema = z.object({
  ...periods,
  summary: z.object({ feedback: metricSchema, averageRating: metricSchema }),
  series: z.array(z.object({ day, feedback: count, averageRating: z.number().nullable() })),
  /** Ratings 1 to 5 with their counts. */
  ratings: z.array(z.object({ rating: z.number().int(), count })),
  rows: paginated(feedbackReportRowSchema),
});

export const qrScanRowSchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  codeId: z.number().int(),
  code: z.string(),
  bookId: z.number().int().nullable(),
  title: z.string().nullable(),
});
export const qrReportSchema = z.object({
  ...periods,
  summary: z.object({ scans: metricSchema, codes: metricSchema }),
  series: z.array(z.object({ day, scans: count })),
  /**
   * The 50 most scanned codes, each traceable to its page: the book's ISBN,
   * where the code points now (TOC path, book or video title; null when
   * nowhere), whether that has content, and the code's last scan ever.
   */
  byCode: z.array(
    z.object({
      codeId: z.number().int(),
      code: z.string(),
      bookId: z.number().int().nullable(),
      title: z.string().nullable(),
      isbn: z.string().nullable(),
      target: z.string().nullable(),
      hasContent: z.boolean(),
      lastScanAt: z.string().nullable(),
      scans: count,
    }),
  ),
  byBook: z.array(
    z.object({ bookId: z.number().int().nullable(), title: z.string().nullable(), scans: count }),
  ),
  rows: paginated(qrScanRowSchema),
});

/** One book's figures over a range. */
export const bookMetricsSchema = z.object({
  /** Distinct learners who redeemed, viewed, rated or attempted something of the book. */
  learners: metricSchema,
  redemptions: metricSchema,
  views: metricSchema,
  viewSeconds: metricSchema,
  scans: metricSchema,
  feedback: metricSchema,
  averageRating: metricSchema,
  /** Practice and test attempts on the book's assessments. */
  attempts: metricSchema,
});
export type BookMetrics = z.infer<typeof bookMetricsSchema>;
export const BOOK_METRICS = [
  'learners',
  'redemptions',
  'views',
  'viewSeconds',
  'scans',
  'feedback',
  'averageRating',
  'attempts',
] as const satisfies readonly (keyof BookMetrics)[];
export const bookDaySchema = z.object({
  day,
  redemptions: count,
  views: count,
  viewSeconds: count,
  scans: count,
  feedback: count,
  attempts: count,
});
export const bookAnalyticsSchema = z.object({
  ...periods,
  book: bookRef,
  metrics: bookMetricsSchema,
  series: z.array(bookDaySchema),
});
export const booksComparisonSchema = z.object({
  ...periods,
  /** In the order asked. */
  books: z.array(
    z.object({ book: bookRef, metrics: bookMetricsSchema, series: z.array(bookDaySchema) }),
  ),
});

export const dashboardSchema = z.object({
  ...periods,
  learners: z.object({ total: count, new: metricSchema }),
  /** Distinct learners active today (vs yesterday), in the last 7 and 30 days (vs the 7 and 30 before). */
  active: z.object({ today: metricSchema, last7Days: metricSchema, last30Days: metricSchema }),
  redemptions: metricSchema,
  scans: metricSchema,
  views: metricSchema,
  series: z.array(
    z.object({
      day,
      newLearners: count,
      active: count,
      redemptions: count,
      scans: count,
      views: count,
    }),
  ),
  /** The 10 books most redeemed in the period. */
  topBooks: z.array(bookRef.extend({ redemptions: count, views: count, scans: count })),
  codesWithoutContent: count,
  /** Enabled codes without content that were scanned in the last 30 days: printed codes leading learners nowhere. */
  codesScannedWithoutContent: count,
  newContactMessages: count,
});

export const DISCRIMINATION_METHOD = 'upper-lower-27' as const;
export const assessmentResultsSchema = z.object({
  ...periods,
  assessment: z.object({ id: z.number().int(), title: z.string(), kind: z.string() }),
  attempts: metricSchema,
  learners: metricSchema,
  averageScorePercent: metricSchema,
  /** Ten bins of score percent: 0–10, 10–20, … 90–100 (the last includes 100). */
  scoreDistribution: z.array(z.object({ fromPercent: z.number(), toPercent: z.number(), count })),
  /**
   * How discrimination is computed: the share correct among the top 27 % of
   * attempts by score minus that among the bottom 27 % (−1 to 1).
   */
  discriminationMethod: z.literal(DISCRIMINATION_METHOD),
  questions: z.array(
    z.object({
      itemId: z.number().int(),
      position: z.number().int().nullable(),
      /** The question's text (plain, shortened): what downloads hold. */
      text: z.string().nullable(),
      /** The question's stem as stored (sanitised rich text with its formulas), for the screen. */
      stem: z.string().nullable(),
      answered: count,
      /** Share of those answering who answered correctly (0 to 1), null when none answered. */
      correctShare: z.number().nullable(),
      /**
       * Share who earned some marks but not all (0 to 1; a matching, ordering
       * or cloze item with partial credit), null when none answered.
       */
      partlyRightShare: z.number().nullable(),
      /** The marks earned per answer, on average (negative marks included), null when none answered. */
      averageMarks: z.number().nullable(),
      /** The marks the item is worth in the assessment (null for an item no longer in it). */
      marks: z.number().nullable(),
      /** Null with fewer than 10 attempts (too few to split into groups) or when nobody answered it. */
      discrimination: z.number().nullable(),
    }),
  ),
});

export type LearnersReport = z.infer<typeof learnersReportSchema>;
export type SessionsReport = z.infer<typeof sessionsReportSchema>;
export type RedemptionsReport = z.infer<typeof redemptionsReportSchema>;
export type FeedbackReport = z.infer<typeof feedbackReportSchema>;
export type QrReport = z.infer<typeof qrReportSchema>;
export type BookAnalytics = z.infer<typeof bookAnalyticsSchema>;
export type BooksComparison = z.infer<typeof booksComparisonSchema>;
export type Dashboard = z.infer<typeof dashboardSchema>;
export type AssessmentResults = z.infer<typeof assessmentResultsSchema>;
