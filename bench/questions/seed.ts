// The question bank at scale, made in SQL (generate_series), not row by row:
// a curriculum (8 chapters × 4 topics per subject), bench admins, then
// BENCH_QUESTIONS questions whose derived columns (search_text,
// similarity_text, dedupe_key) follow questions.text.ts exactly; `checkDerived`
// recomputes a sample in TypeScript to prove it.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { admins, questions } from '../../apps/api/src/db/schema/index.ts';
import {
  dedupeKey,
  searchText,
  similarityText,
} from '../../apps/api/src/modules/questions/questions.text.ts';
import { type Bench, seconds } from '../books/setup.ts';
import { ENGLISH, HINDI, TAGS } from './vocabulary.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function seedCurriculum(bench: Bench) {
  await bench.db.execute(sql`
    insert into chapters (subject_id, number, name, position)
    select s.id, c, 'Chapter ' || c || ' of ' || s.name, c
    from subjects s, generate_series(1, 8) c`);
  await bench.db.execute(sql`
    insert into topics (chapter_id, name, position)
    select ch.id, 'Topic ' || t || ' of ' || ch.name, t
    from chapters ch, generate_series(1, 4) t`);
  await bench.db.insert(admins).values(
    Array.from({ length: 10 }, (_, i) => ({
      email: `author${i}@example.test`,
      name: `Author ${i}`,
      role: 'admin' as const,
      status: 'active' as const,
    })),
  );
}

/**
 * A word of `list` (a text[] column of v), log-uniformly: the first words
 * the most frequent. `0 * g` ties it to the inner generate_series, or the
 * aggregate around it would belong to the outer query (only outer columns).
 */
const zipf = (list: 'en' | 'hi' | 'tags', n: number) =>
  sql.raw(`v.${list}[floor(exp(random() * ln(${n + 1})))::int + 0 * g]`);
/** Pool sizes: English phrases and option texts (a fifth as many in Hindi), tag sets. */
const PHRASES = 20_000;
const OPTIONS = 5_000;
const TAG_SETS = 5_000;
const INSERT_CHUNK = 100_000;

/**
 * Inserts `n` questions. The table's indexes are dropped first and built
 * again after (the way a bulk load is done; each build is one sort), then
 * `vacuum analyze` leaves it as autovacuum would.
 */
export async function seedQuestions(bench: Bench, n: number) {
  const db = bench.db;
  const started = performance.now();
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`select indexname as name, indexdef as def from pg_indexes
      where tablename = 'questions' and indexname <> 'questions_pkey'`),
  );
  for (const ix of indexes) await db.execute(sql.raw(`drop index ${ix.name}`));
  const list = (xs: string[]) =>
    sql`array(select json_array_elements_text(${JSON.stringify(xs)}::json))`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    // Pools of phrases (Zipf-distributed words), option texts and tag sets,
    // made once; each question then joins a few at random. Building every
    // question's words row by row costs ~1 ms a question.
    await tx.execute(sql`
      create temp table bench_phrases on commit drop as
      with v as (select ${list(ENGLISH)} as en, ${list(HINDI)} as hi, ${list(TAGS)} as tags)
      select kind, hindi, k, (select string_agg(case when hindi then ${zipf('hi', HINDI.length)}
                                              else ${zipf('en', ENGLISH.length)} end, ' ')
                              from generate_series(1, case kind when 'option' then 1 + k % 3 else 4 + k % 5 end) g) as text
      from v, (values ('phrase', false, ${sql.raw(String(PHRASES))}), ('phrase', true, ${sql.raw(String(PHRASES / 5))}),
                      ('option', false, ${sql.raw(String(OPTIONS))}), ('option', true, ${sql.raw(String(OPTIONS / 5))})) as pools(kind, hindi, n),
           generate_series(1, n) k`);
    await tx.execute(sql`create index on bench_phrases (kind, hindi, k)`);
    await tx.execute(sql`
      create temp table bench_tag_sets on commit drop as
      with v as (select ${list(TAGS)} as tags)
      select k, coalesce((select array_agg(distinct ${zipf('tags', TAGS.length)})
                          from generate_series(1, k % 5) g), '{}') as tags
      from v, generate_series(1, ${sql.raw(String(TAG_SETS))}) k`);
    await tx.execute(sql`analyze bench_phrases`);
    // In statements of INSERT_CHUNK rows: a single statement loading a
    // million rows ran for minutes, and on the shared machine a statement
    // that long was terminated from outside ("administrator command").
    for (let from = 1; from <= n; from += INSERT_CHUNK) {
      const to = Math.min(n, from + INSERT_CHUNK - 1);
      await tx.execute(sql`
      insert into questions (type, stem, options, difficulty, marks, negative_marks, grade_id,
        subject_id, chapter_id, topic_id, tags, language, status, source, source_label,
        explanation, search_text, similarity_text, dedupe_key, created_at, updated_at,
        created_by, updated_by)
      with cur as (
        select t.id as topic_id, c.id as chapter_id, s.id as subject_id, s.grade_id,
               row_number() over (order by t.id) as k, count(*) over () as n
        from topics t join chapters c on c.id = t.chapter_id join subjects s on s.id = c.subject_id
      ),
      authors as (select array_agg(id order by id) as ids from admins where email like 'author%'),
      b as (
        select i, random() < 0.1 as hindi, random() as r_type, random() as r_level,
               random() as r_math, random() as r_expl, floor(random() * 4)::int as c,
               1 + floor(random() * (select count(*) from cur))::int as cur_k,
               1 + floor(random() * ${sql.raw(String(TAG_SETS))})::int as tag_k,
               random() as p1, random() as p2, random() as p3,
               random() as o1, random() as o2, random() as o3, random() as o4,
               now() - random() * interval '1095 days' as created
        from generate_series(${sql.raw(String(from))}, ${sql.raw(String(to))}) i
      ),
      t as (
        select b.*,
          case when b.r_type < 0.7 then 'single_choice' when b.r_type < 0.85 then 'multiple_choice'
               else 'true_false' end as type,
          upper(left(s1.text, 1)) || substr(s1.text, 2) || ' ' || s2.text
            || case when b.r_math < 0.3 then ' \\(x^{2} + ' || (1 + b.i % 9) || 'x = ' || (b.i % 50) || '\\)'
                    else '' end || '?' as stem_text,
          array[a1.text, a2.text, a3.text, a4.text] as opts,
          case when b.r_expl < 0.5 then s3.text end as expl,
          ts.tags
        from b
        join bench_phrases s1 on s1.kind = 'phrase' and s1.hindi = b.hindi
          and s1.k = 1 + floor(b.p1 * case when b.hindi then ${sql.raw(String(PHRASES / 5))} else ${sql.raw(String(PHRASES))} end)::int
        join bench_phrases s2 on s2.kind = 'phrase' and s2.hindi = b.hindi
          and s2.k = 1 + floor(b.p2 * case when b.hindi then ${sql.raw(String(PHRASES / 5))} else ${sql.raw(String(PHRASES))} end)::int
        join bench_phrases s3 on s3.kind = 'phrase' and s3.hindi = b.hindi
          and s3.k = 1 + floor(b.p3 * case when b.hindi then ${sql.raw(String(PHRASES / 5))} else ${sql.raw(String(PHRASES))} end)::int
        join bench_phrases a1 on a1.kind = 'option' and a1.hindi = b.hindi
          and a1.k = 1 + floor(b.o1 * case when b.hindi then ${sql.raw(String(OPTIONS / 5))} else ${sql.raw(String(OPTIONS))} end)::int
        join bench_phrases a2 on a2.kind = 'option' and a2.hindi = b.hindi
          and a2.k = 1 + floor(b.o2 * case when b.hindi then ${sql.raw(String(OPTIONS / 5))} else ${sql.raw(String(OPTIONS))} end)::int
        join bench_phrases a3 on a3.kind = 'option' and a3.hindi = b.hindi
          and a3.k = 1 + floor(b.o3 * case when b.hindi then ${sql.raw(String(OPTIONS / 5))} else ${sql.raw(String(OPTIONS))} end)::int
        join bench_phrases a4 on a4.kind = 'option' and a4.hindi = b.hindi
          and a4.k = 1 + floor(b.o4 * case when b.hindi then ${sql.raw(String(OPTIONS / 5))} else ${sql.raw(String(OPTIONS))} end)::int
        join bench_tag_sets ts on ts.k = b.tag_k
      ),
      o as (
        select t.*,
          case when t.type = 'true_false' then array['True', 'False'] else t.opts end as texts,
          case t.type when 'true_false' then array[t.c % 2 = 0, t.c % 2 = 1]
            when 'single_choice' then array[t.c = 0, t.c = 1, t.c = 2, t.c = 3]
            else array[t.c = 0 or t.c = 3, t.c = 1, t.c = 2 or t.c = 0, t.c = 3] end as correct
        from t
      ),
      p as (
        select o.*,
          case when o.type = 'true_false' then jsonb_build_array(
              jsonb_build_object('id', 'A', 'html', 'True', 'correct', o.correct[1]),
              jsonb_build_object('id', 'B', 'html', 'False', 'correct', o.correct[2]))
            else jsonb_build_array(
              jsonb_build_object('id', 'A', 'html', '<p>' || o.texts[1] || '</p>', 'correct', o.correct[1]),
              jsonb_build_object('id', 'B', 'html', '<p>' || o.texts[2] || '</p>', 'correct', o.correct[2]),
              jsonb_build_object('id', 'C', 'html', '<p>' || o.texts[3] || '</p>', 'correct', o.correct[3]),
              jsonb_build_object('id', 'D', 'html', '<p>' || o.texts[4] || '</p>', 'correct', o.correct[4]))
          end as options,
          array_to_string(array(select lower(x) from unnest(o.texts) x), ' ') as opt_search,
          array_to_string(array(select lower(x) from unnest(o.texts) x), ' | ') as opt_similar,
          array_to_string(array(select '[' || to_json(lower(x))::text || ',' || y::text || ']'
                                from unnest(o.texts, o.correct) as u(x, y)), ',') as opt_key
        from o
      )
      select p.type, '<p>' || p.stem_text || '</p>', p.options,
        (array['easy', 'easy', 'medium', 'medium', 'hard'])[1 + p.i % 5],
        (array[1, 1, 2, 4])[1 + p.i % 4], case when p.i % 3 = 0 then 0.25 else 0 end,
        cur.grade_id, cur.subject_id,
        case when p.r_level < 0.9 then cur.chapter_id end,
        case when p.r_level < 0.7 then cur.topic_id end,
        p.tags,
        case when p.hindi then 'Hindi' else 'English' end,
        case when p.i % 10 < 7 then 'active' when p.i % 10 < 9 then 'draft' else 'inactive' end,
        (array['manual', 'manual', 'manual', 'xlsx', 'xlsx', 'manual', 'xlsx', 'moodle', 'gift', 'aiken'])[1 + p.i % 10],
        null,
        case when p.expl is not null then '<p>' || p.expl || '</p>' end,
        lower(p.stem_text) || ' ' || p.opt_search || coalesce(' ' || lower(p.expl), ''),
        lower(p.stem_text) || ' | ' || p.opt_similar,
        encode(sha256(convert_to('{"type":' || to_json(p.type)::text || ',"stem":'
          || to_json(lower(p.stem_text))::text || ',"options":[' || p.opt_key
          || '],"blanks":[],"numeric":null}', 'UTF8')), 'hex'),
        p.created, least(now(), p.created + p.r_expl * interval '60 days'),
        a.ids[1 + p.i % 10], a.ids[1 + p.i % 10]
      from p join cur on cur.k = p.cur_k cross join authors a`);
    }
  });
  const generated = seconds(started);
  // Random texts may repeat a question (same stem, options and key): keep the first.
  await db.execute(sql`delete from questions where id in (select id from (
    select id, row_number() over (partition by dedupe_key order by id) as n from questions) d where n > 1)`);
  const building = performance.now();
  if (bench.kind === 'postgres') await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const ix of indexes) await db.execute(sql.raw(ix.def));
  const indexSeconds = seconds(building);
  const vacuuming = performance.now();
  await db.execute(sql`vacuum analyze questions`);
  await db.execute(sql`analyze`);
  return {
    questions: await countQuestions(bench),
    generateSeconds: generated,
    indexSeconds,
    vacuumSeconds: seconds(vacuuming),
    totalSeconds: seconds(started),
  };
}

export async function countQuestions(bench: Bench) {
  const [{ count }] = rowsOf<{ count: number }>(
    await bench.db.execute(sql`select count(*)::int as count from questions`),
  ) as [{ count: number }];
  return count;
}

/** Recomputes the derived columns of a sample with questions.text.ts: the SQL must agree. */
export async function checkDerived(bench: Bench) {
  const sample = await bench.db
    .select()
    .from(questions)
    .where(sql`${questions.id} % 997 = 1`)
    .limit(200);
  let mismatches = 0;
  for (const row of sample) {
    const fields = { ...row, blanks: [], numeric: null, modelAnswer: null };
    if (
      searchText(fields) !== row.searchText ||
      similarityText(fields) !== row.similarityText ||
      dedupeKey(fields) !== row.dedupeKey
    )
      mismatches++;
  }
  return { sampled: sample.length, mismatches };
}
