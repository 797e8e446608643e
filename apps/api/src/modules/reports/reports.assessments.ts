import {
  type AssessmentResults,
  type assessmentResultsQuery,
  DISCRIMINATION_METHOD,
} from '@bo/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { groupShares, groupSize, type Level } from './reports.assessment-levels.ts';
import { listedRows, reportFile } from './reports.download.ts';
import { allOf, metric, previousOf, type Range, within } from './reports.range.ts';

/**
 * `/reports/assessmentresults`: one assessment's attempts in a range, read
 * from its score levels (reports.assessment-levels.ts) and, for distinct
 * learners, from the attempts' index. Discrimination is the upper-lower 27 %
 * index: the share correct among the top 27 % of attempts by score minus
 * the share among the bottom 27 % (an item not answered counts as not
 * correct), the level on a group's boundary shared in proportion; null
 * below 10 attempts.
 */

type Query = z.infer<typeof assessmentResultsQuery>;
const MIN_ATTEMPTS = 10;

const levelsOf = (id: number, r: Range, items: SQL) =>
  sql`report_assessment_levels where ${allOf(
    sql`assessment_id = ${id}`,
    items,
    sql`day between ${r.from}::date and ${r.to}::date`,
  )}`;

/** Attempts per score level in the range. */
const attemptLevels = (id: number, r: Range) => sql`
  select level, sum(n)::float8 as n from ${levelsOf(id, r, sql`item_id = 0`)} group by level`;

const learners = (id: number, r: Range) => sql`
  select count(distinct learner_id)::int as n from assessment_attempts
  where ${allOf(sql`assessment_id = ${id}`, within(sql`submitted_at`, r))}`;

type ItemRow = {
  itemId: number;
  position: number | null;
  marks: number | null;
  text: string | null;
  stem: string | null;
};

/** The assessment's questions and any other item answered in the range, in the assessment's order. */
const itemsOf = (id: number, r: Range) => sql`
  with items as (
    select id as item from assessment_items where assessment_id = ${id} and kind = 'question'
    union select distinct item_id from ${levelsOf(id, r, sql`item_id <> 0`)})
  select i.item::int as "itemId", ai.position, ai.marks::float8 as marks,
    left(q.search_text, 200) as text, q.stem
  from items i left join assessment_items ai on ai.id = i.item
  left join questions q on q.id = ai.question_id
  order by ai.position nulls last, i.item`;

/** Per item and level: answered, correct, partly right and the marks earned in the range. */
const itemLevels = (id: number, r: Range) => sql`
  select item_id::int as item, level, sum(n)::float8 as answered, sum(correct)::float8 as correct,
    sum(partial)::float8 as partial, sum(marks)::float8 as marks
  from ${levelsOf(id, r, sql`item_id <> 0`)} group by 1, 2`;

interface Totals {
  attempts: number;
  average: number;
}

function totalsOf(levels: Level[]): Totals {
  const attempts = levels.reduce((t, l) => t + l.n, 0);
  const sum = levels.reduce((t, l) => t + l.level * l.n, 0);
  return { attempts, average: attempts ? (sum / attempts) * 100 : 0 };
}

function perItem(items: ItemRow[], levels: Level[], attempts: number, answers: ItemLevel[]) {
  const group = groupSize(attempts);
  const { upper, lower } = groupShares(levels, group);
  type Tally = Omit<ItemLevel, 'item' | 'level'> & { upper: number; lower: number };
  const empty = (): Tally => ({
    answered: 0,
    correct: 0,
    partial: 0,
    marks: 0,
    upper: 0,
    lower: 0,
  });
  const tally = new Map<number, Tally>();
  for (const a of answers) {
    const t = tally.get(a.item) ?? empty();
    t.answered += a.answered;
    t.correct += a.correct;
    t.partial += a.partial;
    t.marks += a.marks;
    t.upper += a.correct * (upper.get(a.level) ?? 0);
    t.lower += a.correct * (lower.get(a.level) ?? 0);
    tally.set(a.item, t);
  }
  return items.map((i) => {
    const t = tally.get(i.itemId) ?? empty();
    const per = (n: number, digits?: number) => (t.answered ? round(n / t.answered, digits) : null);
    return {
      itemId: i.itemId,
      position: i.position,
      text: i.text,
      stem: i.stem,
      answered: t.answered,
      correctShare: per(t.correct),
      partlyRightShare: per(t.partial),
      averageMarks: per(t.marks, 2),
      marks: i.marks,
      // Null too when nobody answered it: a 0 would read as "does not discriminate".
      discrimination:
        attempts >= MIN_ATTEMPTS && t.answered > 0 ? round((t.upper - t.lower) / group) : null,
    };
  });
}

type ItemLevel = {
  item: number;
  level: number;
  answered: number;
  correct: number;
  partial: number;
  marks: number;
};

export async function assessmentResults(db: Db, q: Query) {
  const range = { from: q.from, to: q.to };
  const previousRange = previousOf(range);
  const [assessment] = (
    await db.execute<{ id: number; title: string; kind: string }>(
      sql`select id::int as id, name as title, kind from assessments where id = ${q.assessmentId}`,
    )
  ).rows;
  if (!assessment) throw notFound('Assessment');
  const [
    { rows: levels },
    { rows: levelsBefore },
    {
      rows: [learnersNow],
    },
    {
      rows: [learnersBefore],
    },
    { rows: items },
    { rows: answers },
  ] = await Promise.all([
    db.execute<Level>(attemptLevels(q.assessmentId, range)),
    db.execute<Level>(attemptLevels(q.assessmentId, previousRange)),
    db.execute<{ n: number }>(learners(q.assessmentId, range)),
    db.execute<{ n: number }>(learners(q.assessmentId, previousRange)),
    db.execute<ItemRow>(itemsOf(q.assessmentId, range)),
    db.execute<ItemLevel>(itemLevels(q.assessmentId, range)),
  ]);
  const now = totalsOf(levels);
  const before = totalsOf(levelsBefore);
  const questions = perItem(items, levels, now.attempts, answers);
  if (q.format !== 'json') {
    const columns = [
      { header: 'Position', key: 'position', width: 10 },
      { header: 'Item ID', key: 'itemId', width: 10 },
      { header: 'Question', key: 'text', width: 60 },
      { header: 'Answered', key: 'answered', width: 10 },
      { header: 'Share correct', key: 'correctShare', width: 14 },
      { header: 'Share partly right', key: 'partlyRightShare', width: 14 },
      { header: 'Average marks', key: 'averageMarks', width: 12 },
      { header: 'Marks', key: 'marks', width: 8 },
      { header: 'Discrimination (upper-lower 27%)', key: 'discrimination', width: 18 },
    ];
    return reportFile(q.format, range, listedRows('Assessment results', columns, questions));
  }
  const byBin = new Map<number, number>();
  for (const l of levels) {
    // As width_bucket over percent: 30 % opens the 30-40 bin, 100 % is in the last.
    const bin = Math.min(Math.max(Math.floor((l.level * 100) / 10) + 1, 1), 10);
    byBin.set(bin, (byBin.get(bin) ?? 0) + l.n);
  }
  return {
    range,
    previousRange,
    assessment,
    attempts: metric(now.attempts, before.attempts),
    learners: metric(learnersNow?.n ?? 0, learnersBefore?.n ?? 0),
    averageScorePercent: metric(round(now.average, 1), round(before.average, 1)),
    scoreDistribution: Array.from({ length: 10 }, (_, i) => ({
      fromPercent: i * 10,
      toPercent: (i + 1) * 10,
      count: byBin.get(i + 1) ?? 0,
    })),
    discriminationMethod: DISCRIMINATION_METHOD,
    questions,
  } satisfies AssessmentResults;
}

function round(n: number, digits = 3) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
