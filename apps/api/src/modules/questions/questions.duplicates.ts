import type { checkDuplicatesBody, NearDuplicate } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { sanitizeFields } from './questions.prepare.ts';
import { dedupeKey, plainText, similarityText } from './questions.text.ts';
import { existingDuplicates } from './questions.write-checks.ts';

/**
 * Near duplicates (docs/questions.md, "Duplicates"): questions whose
 * normalised stem and options (similarity_text) have a trigram similarity of
 * at least the threshold (QUESTION_SIMILARITY_THRESHOLD) with this one.
 * Warnings only, never a refusal.
 *
 * A trigram index cannot answer this at a million questions: trigrams like
 * " th" are in nearly every question, so `similarity_text % $1` read most of
 * the index (~1 s). Candidates come from the text's rarest words instead,
 * through the search_vector GIN index: the questions holding enough of its
 * RARE_WORDS rarest words (rarestWords), at most CANDIDATES of them; only
 * those are compared by similarity. A near duplicate shares most of the
 * text's words, so it holds most of the rarest ones.
 */

export const NEAR_DUPLICATE_LIMIT = 5;
const RARE_WORDS = 4;
/** Past this many questions sharing the rare words (a templated bank), the rest are not compared. */
const CANDIDATES = 200;
/**
 * The number of questions rarestWords aims at, well below CANDIDATES: the
 * statistics count words as independent, and words of one language or topic
 * are not (Hindi words are all in the same tenth of the bench's bank).
 */
const EXPECTED_CANDIDATES = 20;
const SHORT_TEXT = 120;

const shorten = (text: string) =>
  text.length > SHORT_TEXT ? `${text.slice(0, SHORT_TEXT - 1).trimEnd()}…` : text;

/**
 * How often each word is in the bank: the lexeme frequencies ANALYZE keeps
 * for search_vector (pg_stats.most_common_elems, the figures the planner
 * uses) and the table's row count, read once per STATS_TTL_MS per database
 * (~1 ms a read, where the whole check aims at a few ms). A word not listed
 * is rarer than every listed one: counted as half the rarest. Without
 * statistics (a new bank, a PGlite never analysed) `rows` is 0.
 */
interface WordStats {
  at: number;
  rows: number;
  freqs: Map<string, number>;
  unlisted: number;
}
const STATS_TTL_MS = 5 * 60_000;
const statsByDatabase = new Map<string, WordStats>();

async function wordStats(db: Db | Tx, database: string): Promise<WordStats> {
  const cached = statsByDatabase.get(database);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached;
  const [row] = (
    await db.execute<{ rows: number; lexemes: string[] | null; freqs: number[] | null }>(sql`
      select greatest(c.reltuples, 0)::float8 as rows,
        s.most_common_elems::text::text[] as lexemes, s.most_common_elem_freqs as freqs
      from pg_class c
      left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname
        and s.attname = 'search_vector'
      where c.oid = 'questions'::regclass`)
  ).rows;
  const lexemes = row?.lexemes ?? [];
  // After the lexemes' own frequencies come the lowest, the highest and the null fraction.
  const freqs = (row?.freqs ?? []).map(Number);
  const stats: WordStats = {
    at: Date.now(),
    rows: lexemes.length ? Number(row?.rows ?? 0) : 0,
    freqs: new Map(lexemes.map((l, i) => [l, freqs[i]!])),
    unlisted: (freqs[lexemes.length] ?? 0) / 2,
  };
  statsByDatabase.set(database, stats);
  return stats;
}

/**
 * The text's RARE_WORDS rarest words (lexemes of the same 'simple' parser as
 * search_vector; ties, and a bank without statistics, go to the longest),
 * and how many of them a candidate must hold: the fewest (at least 2, at
 * most all but one, any one of one or two words) whose expected number of
 * questions, by the statistics, stays within EXPECTED_CANDIDATES. A rare
 * word is selective with one other; in a bank where every word is in a few
 * percent of the questions, three together are. Fewer needed means more
 * changed words tolerated; all but one still tolerates the text's own new
 * word, which is often its rarest (it is in no question yet).
 */
async function rarestWords(db: Db | Tx, text: string): Promise<{ words: string[]; need: number }> {
  const [row] = (
    await db.execute<{
      database: string;
      lexemes: string[];
    }>(sql`select current_database() as database,
      array(select lexeme from unnest(to_tsvector('simple', ${text}))) as lexemes`)
  ).rows;
  if (!row?.lexemes.length) return { words: [], need: 0 };
  const stats = await wordStats(db, row.database);
  const freq = (w: string) => stats.freqs.get(w) ?? stats.unlisted;
  const words = row.lexemes
    .sort((a, b) => freq(a) - freq(b) || b.length - a.length || (a < b ? -1 : 1))
    .slice(0, RARE_WORDS);
  if (words.length < 3) return { words, need: 1 };
  let need = 2;
  while (
    need < words.length - 1 &&
    stats.rows *
      combinations(words.map(freq), need).reduce((sum, fs) => sum + fs.reduce((p, f) => p * f), 0) >
      EXPECTED_CANDIDATES
  )
    need++;
  return { words, need };
}

/** Every choice of `k` items of `xs`, in order. */
function combinations<T>(xs: T[], k: number): T[][] {
  if (k === 0) return [[]];
  return xs.flatMap((x, i) => combinations(xs.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
}

/** A lexeme quoted for tsquery input (taken as is, not parsed again). */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The questions holding at least `need` of `words`: one `@@` per choice of
 * words, ORed. Each is its own scan of the GIN index, where an AND of words
 * skips through the frequent words' lists by the rare one's; a single
 * tsquery of ORed ANDs reads every word's whole list (~5× slower measured).
 */
function candidateMatch(words: string[], need: number): SQL {
  const arms = combinations(words.map(quoted), need).map(
    (c) => sql`search_vector @@ ${c.join(' & ')}::tsquery`,
  );
  return sql.join(arms, sql` or `);
}

export async function nearDuplicates(
  db: Db | Tx,
  threshold: number,
  text: string,
  exceptIds: number[] = [],
): Promise<NearDuplicate[]> {
  if (!text.trim()) return [];
  const { words, need } = await rarestWords(db, text);
  if (!words.length) return [];
  const except = exceptIds.length
    ? sql`and id not in (${sql.join(
        exceptIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  // The tsquery is a parameter, not built in the statement: planned with its
  // value, the planner sees how rare the words are and takes the GIN index.
  const res = await db.execute<{
    id: number | string;
    stem: string;
    similarity: number | string;
  }>(sql`
    select id, stem, similarity
    from (
      select id, stem, similarity(similarity_text, ${text}) as similarity
      from (
        select id, stem, similarity_text from questions
        where (${candidateMatch(words, need)}) ${except}
        limit ${CANDIDATES}
      ) candidates
    ) compared
    where similarity >= ${threshold}
    order by similarity desc, id
    limit ${NEAR_DUPLICATE_LIMIT}`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    text: shorten(plainText(r.stem)),
    similarity: Math.round(Number(r.similarity) * 100) / 100,
  }));
}

/** Both drivers answer `execute` with `{ rows }`. */
/**
 * `checkduplicates`, as the editor types: the exact duplicate a save would
 * be refused for, and the near ones it would be warned about. A read: the
 * question need not be complete or valid yet.
 */
export async function checkDuplicates(deps: Deps, body: z.infer<typeof checkDuplicatesBody>) {
  const fields = sanitizeFields(body.question);
  if (!plainText(fields.stem)) return { exact: null, near: [] };
  const except = body.exceptId === undefined ? [] : [body.exceptId];
  const [exact, near] = await Promise.all([
    existingDuplicates(deps.db, [dedupeKey(fields)], body.exceptId),
    nearDuplicates(
      deps.db,
      deps.config.questionSimilarityThreshold,
      similarityText(fields),
      except,
    ),
  ]);
  const exactId = [...exact.values()][0];
  return { exact: exactId === undefined ? null : { id: exactId }, near };
}

/**
 * How many questions hold a word starting with each of `prefixes` (all of
 * them), by the statistics: per prefix the summed frequencies of the listed
 * lexemes it starts, the rarest prefix's share times the rows. A prefix
 * that starts no listed lexeme counts 0: it may be in a few hundred
 * questions or in none, and a search must then take the GIN index (walking
 * the newest first for a word in no question reads every entry). Null
 * without statistics. For the command palette's questions (modules/search).
 */
export async function expectedPrefixMatches(
  db: Db | Tx,
  prefixes: string[],
): Promise<number | null> {
  const [row] = (await db.execute<{ database: string }>(sql`select current_database() as database`))
    .rows;
  const stats = await wordStats(db, row!.database);
  if (!stats.rows || prefixes.length === 0) return null;
  const share = (prefix: string) => {
    let sum = 0;
    for (const [lexeme, f] of stats.freqs) if (lexeme.startsWith(prefix)) sum += f;
    return Math.min(1, sum);
  };
  return stats.rows * Math.min(...prefixes.map(share));
}
