import type { ModuleKey, QuestionInput } from '@bo/contract';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** What the question tests share: an app, an admin of the question bank, and calls. */
export interface QuestionsWorld {
  t: TestApp;
  token: string;
  adminName: string;
  post(url: string, payload: object, tk?: string): ReturnType<TestApp['as']>;
  get(url: string, tk?: string): ReturnType<TestApp['as']>;
  /** Adds questions and expects 200; answers the response body. */
  add(...questions: QuestionInput[]): Promise<{
    items: { id: number; revision: number; stem: string }[];
    nearDuplicates: { id: number; similarity: number }[][];
  }>;
}

let seq = 0;
/** A stem no other test's stem resembles (no near-duplicate noise between tests). */
export const uniqueWords = () => {
  const words = [
    'amber',
    'basalt',
    'cobalt',
    'dune',
    'ember',
    'fjord',
    'glacier',
    'heron',
    'iris',
    'jade',
    'kelp',
    'lagoon',
    'mango',
    'nectar',
    'onyx',
    'prism',
    'quartz',
    'raven',
    'sable',
    'tundra',
  ];
  const n = ++seq;
  return `${words[n % 20]} ${words[(n * 7 + 3) % 20]} ${words[(n * 13 + 5) % 20]} ${n.toString(36)}${Date.now().toString(36)}`;
};

export const choice = (stem: string, extra: Partial<QuestionInput> = {}): QuestionInput => ({
  type: 'single_choice',
  stem: `<p>${stem}</p>`,
  options: [
    { id: 'A', html: 'one', correct: false },
    { id: 'B', html: 'two', correct: true },
  ],
  ...extra,
});

/** An app and an admin of `modules` (the question bank alone unless told). */
export async function questionsWorld(
  env: Record<string, string> = {},
  modules: ModuleKey[] = ['questions'],
): Promise<QuestionsWorld> {
  const t = await createTestApp(env, process.env.Q_LOG ? { logger: { level: 'error' } } : {});
  const admin = await t.createAdmin({ modules });
  const token = (await t.signIn(admin.email)).accessToken;
  const post = (url: string, payload: object, tk = token) =>
    t.as(tk, { method: 'POST', url: `/api${url}`, payload });
  const get = (url: string, tk = token) => t.as(tk, { method: 'GET', url: `/api${url}` });
  return {
    t,
    token,
    adminName: admin.email.split('@')[0]!,
    post,
    get,
    async add(...questions) {
      const res = await post('/questions/addquestions', { questions });
      if (res.statusCode !== 200) throw new Error(`addquestions ${res.statusCode}: ${res.body}`);
      return res.json();
    },
  };
}

/** A grade > subject > chapter > topic path, and a second subject elsewhere. */
export async function curriculum(t: TestApp) {
  const db = t.app.deps.db;
  const [g1, g2] = await db.select().from(grades).orderBy(grades.position).limit(2);
  const [maths, other] = await db
    .insert(subjects)
    .values([
      { gradeId: g1!.id, name: 'Mathematics', position: 1 },
      { gradeId: g2!.id, name: 'Science', position: 1 },
    ])
    .returning();
  const [chapter] = await db
    .insert(chapters)
    .values({ subjectId: maths!.id, number: 1, name: 'Fractions', position: 1 })
    .returning();
  const [topic] = await db
    .insert(topics)
    .values({ chapterId: chapter!.id, name: 'Adding fractions', position: 1 })
    .returning();
  return {
    grade: g1!,
    otherGrade: g2!,
    subject: maths!,
    otherSubject: other!,
    chapter: chapter!,
    topic: topic!,
  };
}
