import {
  type AssessmentResults,
  type assessmentResultsQuery,
  DISCRIMINATION_METHOD,
} from '@bo/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { reportFile } from './reports.download.ts';
import { allOf, metric, one, previousOf, type Range, rows, within } from './reports.range.ts';

/**
 * `/reports/assessmentresults`: one assessment's attempts in a range. An
 * answer counts as correct when the app said so (`correct`), or, when it
 * did not, when it earned marks. Discrimination is the upper-lower 27 %
 * index: attempts ranked by score percent, the share correct among the top
 * 27 % minus the share among the bottom 27 % (an item not answered counts as
 * not correct); null below 10 attempts.
 */

type Query = z.infer<typeof assessmentResultsQuery>;
const MIN_ATTEMPTS = 10;

const attemptsOf = (id: number, r: Range): SQL => sql`(
  select id, learner_id,
    case when max_score > 0 then score::float8 / max_score::float8 else 0 end as pct, answers
  from assessment_attempts where ${allOf(sql`assessment_id = ${id}`, within(sql`submitted_at`, r))})`;

const totals = (id: number, r: Range) => sql`
  select count(*)::int as attempts, count(distinct learner_id)::int as learners,
    coalesce(avg(pct) * 100, 0)::float8 as average from ${attemptsOf(id, r)} a`;

interface ItemRow {
  itemId: number;
  position: number | null;
  text: string | null;
  stem: string | null;
  answered: number;
  correct: number;
  upper: number;
  lower: number;
  n: number;
}

const perItem = (id: number, r: Range) => sql`
  with ranked as (
    select a.*, row_number() over (order by pct desc, id) as rk, count(*) over () as n
    from ${attemptsOf(id, r)} a),
  answers as (
    select r.rk, r.n, (e->>'itemId')::int8 as item,
      coalesce((e->>'correct')::boolean, (e->>'marks')::float8 > 0) as ok
    from ranked r cross join lateral jsonb_array_elements(r.answers) e
    -- An item left unanswered (answer null) is not counted as answered.
    where e->'answer' <> 'null'::jsonb),
  counted as (
    select item, count(*)::int as answered, count(*) filter (where ok)::int as correct,
      count(*) filter (where ok and rk <= ceil(0.27 * n))::int as upper,
      count(*) filter (where ok and rk > n - ceil(0.27 * n))::int as lower
    from answers group by item),
  items as (
    select id as item from assessment_items where assessment_id = ${id} and kind = 'question'
    union select item from counted)
  select i.item::int as "itemId", ai.position, left(q.search_text, 200) as text, q.stem,
    coalesce(c.answered, 0) as answered, coalesce(c.correct, 0) as correct,
    coalesce(c.upper, 0) as upper, coalesce(c.lower, 0) as lower,
    (select count(*)::int from ranked) as n
  from items i left join counted c on c.item = i.item
  left join assessment_items ai on ai.id = i.item
  left join questions q on q.id = ai.question_id
  order by ai.position nulls last, i.item`;

const distribution = (id: number, r: Range) => sql`
  select least(greatest(width_bucket(pct * 100, 0, 100, 10), 1), 10) as bin, count(*)::int as n
  from ${attemptsOf(id, r)} a group by 1`;

export async function assessmentResults(db: Db, q: Query) {
  const range = { from: q.from, to: q.to };
  const previousRange = previousOf(range);
  const [assessment] = await rows<{ id: number; title: string; kind: string }>(
    db,
    sql`select id::int as id, name as title, kind from assessments where id = ${q.assessmentId}`,
  );
  if (!assessment) throw notFound('Assessment');
  type Totals = { attempts: number; learners: number; average: number };
  const [now, before, items, bins] = await Promise.all([
    one<Totals>(db, totals(q.assessmentId, range)),
    one<Totals>(db, totals(q.assessmentId, previousRange)),
    rows<ItemRow>(db, perItem(q.assessmentId, range)),
    rows<{ bin: number; n: number }>(db, distribution(q.assessmentId, range)),
  ]);
  const questions = items.map((i) => {
    const group = Math.ceil(0.27 * i.n);
    return {
      itemId: i.itemId,
      position: i.position,
      text: i.text,
      stem: i.stem,
      answered: i.answered,
      correctShare: i.answered ? round(i.correct / i.answered) : null,
      // Null too when nobody answered it: a 0 would read as "does not discriminate".
      discrimination:
        i.n >= MIN_ATTEMPTS && i.answered > 0 ? round((i.upper - i.lower) / group) : null,
    };
  });
  if (q.format !== 'json') {
    return reportFile(q.format, range, {
      name: 'Assessment results',
      columns: [
        { header: 'Position', key: 'position', width: 10 },
        { header: 'Item ID', key: 'itemId', width: 10 },
        { header: 'Question', key: 'text', width: 60 },
        { header: 'Answered', key: 'answered', width: 10 },
        { header: 'Share correct', key: 'correctShare', width: 14 },
        { header: 'Discrimination (upper-lower 27%)', key: 'discrimination', width: 18 },
      ],
      count: async () => questions.length,
      rows: async function* () {
        yield* questions;
      },
    });
  }
  const byBin = new Map(bins.map((b) => [b.bin, b.n]));
  return {
    range,
    previousRange,
    assessment,
    attempts: metric(now.attempts, before.attempts),
    learners: metric(now.learners, before.learners),
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
