import { type SQL, sql } from 'drizzle-orm';

/**
 * The assessment results' aggregate (`report_assessment_levels`): per
 * assessment, item, UTC day and score level, recomputed whole for the days
 * the refresh takes, like the other aggregates (reports.aggregate.ts).
 *
 * The score level is the attempt's score over its maximum (0 when the
 * maximum is 0). Item 0 counts the attempts at a level; an item counts
 * those who answered it, those who answered it correctly (when the app said
 * so, or, when it did not, when the answer earned the item's full marks, or
 * any marks on an item worth none), those who answered it partly (some
 * marks, not correct: a matching, ordering or cloze item with partial
 * credit), and the marks earned. An item left unanswered (answer null) is
 * not counted.
 */

export const LEVEL_OF = sql`case when max_score > 0 then score::float8 / max_score::float8 else 0 end`;

/** Rebuilds the rows of the days `onDays(column)` selects (the caller deleted them first). */
export function assessmentLevelsSql(
  onDays: (column: SQL) => SQL,
  dayOf: (column: SQL) => SQL,
): SQL {
  return sql`insert into report_assessment_levels (assessment_id, item_id, day, level, n, correct, partial, marks)
    select assessment_id, item, day, level, count(*), count(*) filter (where ok),
      count(*) filter (where not ok and earned > 0), coalesce(sum(earned), 0) from (
      select assessment_id, 0::int8 as item, ${dayOf(sql`submitted_at`)} as day, ${LEVEL_OF} as level,
        false as ok, 0::float8 as earned
        from assessment_attempts where ${onDays(sql`submitted_at`)}
      union all select a.assessment_id, (e->>'itemId')::int8, ${dayOf(sql`a.submitted_at`)}, ${LEVEL_OF},
        coalesce((e->>'correct')::boolean, v.earned > 0 and v.earned >= coalesce(ai.marks, 0)), v.earned
        from assessment_attempts a cross join lateral jsonb_array_elements(a.answers) e
          cross join lateral (select (e->>'marks')::float8 as earned) v
          left join assessment_items ai on ai.id = (e->>'itemId')::int8
        where ${onDays(sql`a.submitted_at`)} and e->'answer' <> 'null'::jsonb
    ) x group by 1, 2, 3, 4`;
}

export type Level = {
  level: number;
  n: number;
};

/**
 * The share of each level's attempts that falls in the upper and in the
 * lower group of `size` attempts: whole levels from the top (or bottom) down
 * while they fit, then the share of the boundary level that completes the
 * group. Sharing the boundary level in proportion is the expected value of
 * breaking its ties at random: no attempt is preferred by its id or time.
 */
export function groupShares(levels: Level[], size: number) {
  const upper = new Map<number, number>();
  const lower = new Map<number, number>();
  const fill = (ordered: Level[], into: Map<number, number>) => {
    let taken = 0;
    for (const { level, n } of ordered) {
      if (taken >= size || n === 0) break;
      const share = Math.min(n, size - taken);
      into.set(level, share / n);
      taken += share;
    }
  };
  const ascending = [...levels].sort((a, b) => a.level - b.level);
  fill([...ascending].reverse(), upper);
  fill(ascending, lower);
  return { upper, lower };
}

/** The 27 % group of `attempts`, rounded up, in integers (0.27 * 100 is 27.000000000000004 in floats). */
export const groupSize = (attempts: number) => Math.ceil((27 * attempts) / 100);
