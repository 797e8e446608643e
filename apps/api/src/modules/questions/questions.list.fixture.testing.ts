import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { choice, insertQuestion } from './questions.fixture.testing.ts';

/**
 * Tests only: the list tests' bank (questions.list*.test.ts). Seven
 * questions A-G over two grades, three subjects, a chapter and a topic,
 * created one a day from 10 January and updated a day later (default order
 * G..A), and analysed. The list counts exactly up to 5 matches here, so a
 * handful of questions shows both an exact total and an estimate.
 */

export type Page = {
  items: { id: number; stem: string; tags: string[]; subjectName: string | null }[];
  total: number;
  totalIsEstimate: boolean;
  page: number;
};

export async function listWorld() {
  const ids: Record<string, number> = {};
  const cur: Record<string, number> = {};
  const t = await createTestApp({ QUESTION_LIST_EXACT_TOTAL: '5' });
  const a = await t.createAdmin({ modules: ['questions'] });
  const author1 = a.id;
  const author2 = (await t.createAdmin({ modules: ['questions'] })).id;
  const token = (await t.signIn(a.email)).accessToken;
  const p = await t.createAdmin({ modules: ['practices'] });
  const pickerToken = (await t.signIn(p.email)).accessToken;
  const db = t.app.deps.db;
  const [g1, g2] = await db.select().from(grades).orderBy(grades.position).limit(2);
  const [s1, s2, s3] = await db
    .insert(subjects)
    .values([
      { gradeId: g1!.id, name: 'Science', position: 1 },
      { gradeId: g1!.id, name: 'Mathematics', position: 2 },
      { gradeId: g2!.id, name: 'Mathematics', position: 1 },
    ])
    .returning();
  const [c1, c2] = await db
    .insert(chapters)
    .values([
      { subjectId: s1!.id, number: 1, name: 'Plants', position: 1 },
      { subjectId: s2!.id, number: 1, name: 'Equations', position: 1 },
    ])
    .returning();
  const [t1] = await db
    .insert(topics)
    .values([{ chapterId: c1!.id, name: 'Photosynthesis', position: 1 }])
    .returning();
  Object.assign(cur, { g1: g1!.id, g2: g2!.id, s1: s1!.id, s2: s2!.id, s3: s3!.id });
  Object.assign(cur, { c1: c1!.id, c2: c2!.id, t1: t1!.id });
  const science = { gradeId: cur.g1!, subjectId: cur.s1! };
  // Created one a day from 10 January, updated a day later: default order is G..A.
  const specs: [
    string,
    Parameters<typeof insertQuestion>[1],
    Parameters<typeof insertQuestion>[2],
  ][] = [
    [
      'A',
      choice('<p>Photosynthesis happens in the <b>chloroplast</b></p>', {
        explanation: '<p>Light and \\(CO_2\\) make sugar</p>',
        ...science,
        chapterId: cur.c1!,
        topicId: cur.t1!,
        difficulty: 'easy',
        status: 'active',
        tags: ['Biology', 'plants'],
        marks: 2,
      }),
      { createdBy: author1 },
    ],
    [
      'B',
      {
        type: 'single_choice',
        stem: '<p>Which organelle makes energy?</p>',
        options: [
          { id: 'A', html: '<p>Mitochondria</p>', correct: true },
          { id: 'B', html: '<p>Nucleus</p>', correct: false },
        ],
        ...science,
        chapterId: cur.c1!,
        difficulty: 'medium',
        status: 'active',
        tags: ['biology'],
      },
      { source: 'xlsx', createdBy: author1 },
    ],
    [
      'C',
      {
        type: 'true_false',
        stem: '<p>प्रकाश संश्लेषण पौधों में होता है</p>',
        options: [
          { id: 'A', html: 'True', correct: true },
          { id: 'B', html: 'False', correct: false },
        ],
        language: 'Hindi',
        ...science,
        difficulty: 'easy',
        status: 'draft',
        tags: ['plants', 'hindi'],
      },
      { source: 'gift', createdBy: author1 },
    ],
    [
      'D',
      {
        type: 'numeric',
        stem: '<p>Solve \\(x^2 = 4\\) for positive x</p>',
        numeric: { value: 2 },
        gradeId: cur.g1!,
        subjectId: cur.s2!,
        chapterId: cur.c2!,
        difficulty: 'hard',
        status: 'inactive',
        tags: ['algebra'],
        marks: 4,
        negativeMarks: 1,
      },
      { source: 'moodle', createdBy: author2 },
    ],
    [
      'E',
      {
        type: 'subjective',
        stem: '<p>Explain synthetic fibres</p>',
        modelAnswer: '<p>Fibres made by people</p>',
        gradeId: cur.g2!,
        subjectId: cur.s3!,
        status: 'active',
        marks: 5,
      },
      { source: 'aiken', createdBy: author1 },
    ],
    [
      'F',
      {
        type: 'fill_blank',
        stem: '<p>The capital of India is ___</p>',
        blanks: [{ answers: ['New Delhi'] }],
        difficulty: 'easy',
        tags: ['geography'],
      },
      { createdBy: author1 },
    ],
    [
      'G',
      {
        type: 'multiple_choice',
        stem: '<p>कौन से फल हैं?</p>',
        options: [
          { id: 'A', html: 'सेब', correct: true },
          { id: 'B', html: 'आलू', correct: false },
          { id: 'C', html: 'केला', correct: true },
        ],
        language: 'Hindi',
        difficulty: 'hard',
        status: 'active',
        marks: 3,
      },
      { createdBy: author1 },
    ],
  ];
  for (const [i, [key, input, extra]] of specs.entries()) {
    const day = String(10 + i).padStart(2, '0');
    const next = String(11 + i).padStart(2, '0');
    ids[key] = await insertQuestion(db, input, {
      ...extra,
      createdAt: `2026-01-${day}T09:00:00Z`,
      updatedAt: `2026-01-${next}T09:00:00Z`,
    });
  }
  // Statistics as autovacuum would leave them: the planner's estimates are what the totals test.
  await db.execute(sql`analyze questions`);

  const get = (tk: string, url: string) => t.as(tk, { method: 'GET', url: `/api${url}` });
  async function list(qs: string, path = 'listofquestions', tk = token): Promise<Page> {
    const res = await get(tk, `/questions/${path}?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  /** The keys (A-G) of a page's questions, in order. */
  const keysOf = (page: { items: { id: number }[] }) =>
    page.items.map((q) => Object.keys(ids).find((k) => ids[k] === q.id) ?? `#${q.id}`);
  const find = async (qs: string) => keysOf(await list(`pageSize=100&${qs}`));
  return { t, token, pickerToken, author1, author2, ids, cur, get, list, keysOf, find };
}

export type ListWorld = Awaited<ReturnType<typeof listWorld>>;
