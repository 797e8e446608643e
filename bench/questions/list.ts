// The question list at scale: GET /api/questions/listofquestions (and the
// picker, fileteredquestion) per scenario through app.inject, and the
// duplicate check at save (POST /api/questions/checkduplicates: the exact
// key lookup and q-core's near-duplicate trigram query).
import { sql } from 'drizzle-orm';
import { assessments, questions, subjects } from '../../apps/api/src/db/schema/index.ts';
import { type Bench, timeEach } from '../books/setup.ts';

const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;

/** Words from frequent to rare in the generated bank, whole and as prefixes. */
const SEARCHES = ['water', 'photo', 'triangle', 'equat', 'mitochondria', 'poly', 'current', 'rain'];
const HINDI_SEARCHES = ['प्रकाश', 'पौधों', 'संश्ले', 'समीकरण'];

/**
 * A mock test of 200 questions in the engine's own tables (the engine
 * registers its question set with the bank at load), for the picker's
 * `notInAssessment` scenario. Answers its id.
 */
async function benchAssessment(bench: Bench): Promise<number> {
  const [a] = await bench.db
    .insert(assessments)
    .values({ kind: 'mock_test', name: 'Bench picker test' })
    .returning({ id: assessments.id });
  await bench.db.execute(sql`insert into assessment_items (assessment_id, position, kind, question_id, marks)
    select ${a!.id}, row_number() over (order by id), 'question', id, 1
    from questions where id % 5000 = 7 limit 200`);
  return a!.id;
}

export async function benchList(bench: Bench, requests: number) {
  const subjectIds = (await bench.db.select({ id: subjects.id }).from(subjects)).map((s) => s.id);
  const assessmentId = await benchAssessment(bench);
  const three = (i: number) =>
    `subjectId=${pick(subjectIds, i * 7)}&difficulty=${pick(['easy', 'medium', 'hard'], i)}&status=active`;
  const q = (i: number) => `q=${encodeURIComponent(pick(SEARCHES, i))}`;
  const scenarios: Record<string, (i: number) => string> = {
    'no filter, first page': () => '',
    'three filters (subject, difficulty, status)': three,
    'text search alone (one word or prefix)': q,
    'text search + three filters': (i) => `${q(i)}&${three(i)}`,
    'text search, two words': (i) =>
      `q=${encodeURIComponent(`${pick(SEARCHES, i)} ${pick(SEARCHES, i + 3)}`)}`,
    'Hindi search + language': (i) =>
      `q=${encodeURIComponent(pick(HINDI_SEARCHES, i))}&language=Hindi`,
    'tag + status': (i) =>
      `tag=${pick(['ncert', 'algebra', 'set-12', 'set-300'], i)}&status=active`,
    'picker: notInAssessment + subject + status (fileteredquestion)': (i) =>
      `notInAssessment=${assessmentId}&subjectId=${pick(subjectIds, i * 3)}&status=active`,
    'deep page (page 5,000 of 20, no filter)': () => 'page=5000',
    'deep page with three filters (page 50)': (i) => `${three(i)}&page=50`,
    'sort by marks, first page': () => 'sort=marks&order=desc',
  };
  const results: Record<string, unknown> = {};
  const samples: Record<string, unknown> = {};
  for (const [name, build] of Object.entries(scenarios)) {
    const path = name.startsWith('picker') ? 'fileteredquestion' : 'listofquestions';
    const url = (i: number) => `/api/questions/${path}?${build(i)}`;
    results[name] = await timeEach(requests, (i) => bench.inject({ method: 'GET', url: url(i) }));
    const page = (await bench.inject({ method: 'GET', url: url(1) })).json();
    samples[name] = { total: page.total, totalIsEstimate: page.totalIsEstimate };
  }
  return { results, totals: samples };
}

/**
 * The duplicate check at save: an existing question with a word added
 * (near duplicates found, no exact one), through the route the editor calls
 * as the admin types and that a save runs (checkDuplicates). `found`: how
 * many of the sampled questions the check named among their near duplicates.
 */
export async function benchDuplicates(bench: Bench, requests: number) {
  const sample = await bench.db
    .select({
      id: questions.id,
      stem: questions.stem,
      options: questions.options,
      type: questions.type,
    })
    .from(questions)
    .where(sql`${questions.id} % 4999 = 3 and ${questions.type} = 'single_choice'`)
    .limit(50);
  const check = (q: (typeof sample)[number]) =>
    bench.inject({
      method: 'POST',
      url: '/api/questions/checkduplicates',
      payload: {
        question: { type: q.type, stem: q.stem.replace('</p>', ' again</p>'), options: q.options },
      },
    });
  const timing = await timeEach(requests, (i) => check(pick(sample, i)));
  let found = 0;
  for (const q of sample) {
    const near = (await check(q)).json().near as { id: number }[];
    if (near.some((n) => n.id === q.id)) found++;
  }
  return { ...timing, found: `${found} of ${sample.length}` };
}
