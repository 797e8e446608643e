import {
  bigint,
  date,
  doublePrecision,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/**
 * The reports' aggregates (docs/reports.md), recomputed from the raw
 * activity by the `reports.refresh` job: never written by hand, always
 * rebuildable (`npm run reports:rebuild -w apps/api`).
 */

/**
 * Days whose activity changed since their aggregates were computed: one row
 * per ingest batch or scan, appended (never a row updated by every writer),
 * taken and deleted by the refresh in the transaction that recomputes them.
 */
export const reportMarks = pgTable('report_marks', {
  id: id(),
  day: date('day', { mode: 'string' }).notNull(),
});

/**
 * Counts per metric, UTC day, book (0: none) and one more dimension: the
 * platform and length band of sessions, the rating of feedback, the code of
 * scans. `total` sums a quantity (seconds viewed, session seconds, ratings).
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bookId: bigint('book_id', { mode: 'number' }).notNull().default(0),
    dim: text('dim').notNull().default(''),
    n: bigint('n', { mode: 'number' }).notNull(),
    total: doublePrecision('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.bookId, t.dim] })],
);

/**
 * One row per learner per active day, with what they did as bits
 * (LEARNER_DAY_KINDS): distinct learners over a range are counted from it.
 */
export const learnerDays = pgTable(
  'report_learner_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    learnerId: bigint('learner_id', { mode: 'number' }).notNull(),
    kinds: smallint('kinds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.learnerId] })],
);

/**
 * Per learner, year and kind filter (`dim`, as report_daily's 'active' dims:
 * 0 any activity, or kind bits), the days the learner was active as bits:
 * day p of the year (January 1st is 0) is bit p % 64 of word w<p / 64>.
 * Distinct learners over a range are the rows with a day of the range set,
 * one row per learner instead of one per learner-day (docs/reports.md,
 * "Distinct learners"). Words of int8, not a bit(366): a test of an int8 is
 * done in place, a bit string's is a new value per row (5x slower at 100,000
 * rows).
 */
export const learnerYears = pgTable(
  'report_learner_years',
  {
    year: smallint('year').notNull(),
    dim: smallint('dim').notNull(),
    learnerId: bigint('learner_id', { mode: 'number' }).notNull(),
    w0: bigint('w0', { mode: 'number' }).notNull().default(0),
    w1: bigint('w1', { mode: 'number' }).notNull().default(0),
    w2: bigint('w2', { mode: 'number' }).notNull().default(0),
    w3: bigint('w3', { mode: 'number' }).notNull().default(0),
    w4: bigint('w4', { mode: 'number' }).notNull().default(0),
    w5: bigint('w5', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.dim, t.learnerId] })],
);

/**
 * Per assessment, item, UTC day and score level (the attempt's score over
 * its maximum, as a fraction): for `item_id` 0 the attempts at that level
 * (`n`), for an item those who answered it (`n`), answered it correctly
 * (`correct`) or partly (`partial`), and the marks they earned (`marks`). The assessment results report reads these: totals and the
 * distribution from the item-0 rows, and the upper and lower 27 % by whole
 * levels from the top and bottom, the level on the boundary shared in
 * proportion (docs/reports.md, "Assessment results").
 */
export const assessmentLevels = pgTable(
  'report_assessment_levels',
  {
    assessmentId: bigint('assessment_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    level: doublePrecision('level').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    correct: bigint('correct', { mode: 'number' }).notNull().default(0),
    /** Answered with some marks but not all (a matching, ordering or cloze item with partial credit). */
    partial: bigint('partial', { mode: 'number' }).notNull().default(0),
    /** The marks those answers earned, summed (negative marks included). */
    marks: doublePrecision('marks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.itemId, t.day, t.level] })],
);
