import { randomUUID } from 'node:crypto';
import type { PaletteResponse } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assessments, learners } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Every kind's query, counted: an admin without a kind's module must not query it at all.
vi.mock('./search.queries.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./search.queries.ts')>();
  return {
    ...real,
    searchBooks: vi.fn(real.searchBooks),
    searchQuestions: vi.fn(real.searchQuestions),
    searchAssessments: vi.fn(real.searchAssessments),
    searchLearners: vi.fn(real.searchLearners),
    searchAdmins: vi.fn(real.searchAdmins),
  };
});
const queries = await import('./search.queries.ts');

let t: TestApp;
let superToken: string;
let booksOnly: string;
let bookId: number;
let questionId: number;
let mockId: number;
let learnerId: number;
let adminId: number;

const ISBN = '9780306406157';

/** Twelve digits and their ISBN-13 check digit. */
function isbn13(body: string) {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const palette = async (token: string, qs: string) => {
  const res = await t.as(token, { method: 'GET', url: `/api/search/palette?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaletteResponse;
};
const group = (answer: PaletteResponse, kind: string) =>
  answer.groups.find((g) => g.kind === kind)?.results ?? [];

beforeAll(async () => {
  t = await createTestApp();
  const root = await t.createAdmin({ role: 'super_admin', email: 'root@example.test' });
  superToken = (await t.signIn(root.email)).accessToken;
  const clerk = await t.createAdmin({ modules: ['books'], email: 'clerk@example.test' });
  booksOnly = (await t.signIn(clerk.email)).accessToken;
  const other = await t.createAdmin({ email: 'priya.sharma@example.test' });
  adminId = other.id;
  const post = async (url: string, payload: object) => {
    const res = await t.as(superToken, { method: 'POST', url: `/api${url}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  bookId = (
    await post('/book/createbookcontent', { isbn: ISBN, title: 'Photosynthesis Explained' })
  ).id;
  const added = await post('/questions/addquestions', {
    questions: [
      {
        type: 'single_choice',
        stem: '<p>Which pigment drives <b>photosynthesis</b>?</p>',
        options: [
          { id: 'A', html: 'Chlorophyll', correct: true },
          { id: 'B', html: 'Melanin', correct: false },
        ],
      },
    ],
  });
  questionId = added.items[0].id;
  const db = t.app.deps.db;
  [{ id: mockId }] = (await db
    .insert(assessments)
    .values({ kind: 'mock_test', name: 'Photosynthesis mock test' })
    .returning({ id: assessments.id })) as [{ id: number }];
  const now = new Date();
  [{ id: learnerId }] = (await db
    .insert(learners)
    .values({
      uid: randomUUID(),
      name: 'Photon Kumar',
      email: 'photon@example.test',
      phone: '+919800012345',
      registeredAt: now,
      profileAt: now,
    })
    .returning({ id: learners.id })) as [{ id: number }];
});
afterAll(() => t?.close());
beforeEach(() => vi.clearAllMocks());

describe('GET /search/palette', () => {
  it('answers each kind the super admin may open, grouped, with the path that opens it', async () => {
    const answer = await palette(superToken, 'q=photo');
    expect(answer.groups.map((g) => g.kind)).toEqual([
      'book',
      'question',
      'assessment',
      'learner',
      'admin',
    ]);
    expect(group(answer, 'book')).toEqual([
      expect.objectContaining({
        id: bookId,
        title: 'Photosynthesis Explained',
        path: `/books/${bookId}`,
        subtitle: expect.stringContaining(ISBN),
      }),
    ]);
    expect(group(answer, 'question')).toEqual([
      expect.objectContaining({
        id: questionId,
        title: 'Which pigment drives photosynthesis?',
        path: `/questions/${questionId}`,
      }),
    ]);
    expect(group(answer, 'assessment')).toEqual([
      expect.objectContaining({ id: mockId, path: `/mock-tests/${mockId}` }),
    ]);
    expect(group(answer, 'learner')).toEqual([
      expect.objectContaining({
        id: learnerId,
        title: 'Photon Kumar',
        path: `/learners/${learnerId}`,
      }),
    ]);
    expect(group(answer, 'admin')).toEqual([]);
  });

  it('finds a book by ISBN (hyphens ignored), a learner by phone or e-mail, an admin by name', async () => {
    expect(group(await palette(superToken, 'q=978-0-306'), 'book')[0]?.id).toBe(bookId);
    expect(group(await palette(superToken, 'q=98000123'), 'learner')[0]?.id).toBe(learnerId);
    expect(group(await palette(superToken, 'q=PHOTON@EX'), 'learner')[0]?.id).toBe(learnerId);
    expect(group(await palette(superToken, 'q=priya'), 'admin')).toEqual([
      expect.objectContaining({
        id: adminId,
        path: `/admins?q=${encodeURIComponent('priya.sharma@example.test')}`,
      }),
    ]);
  });

  it('never searches, nor answers, a kind whose module the admin lacks', async () => {
    const answer = await palette(booksOnly, 'q=photo');
    expect(answer.groups.map((g) => g.kind)).toEqual(['book']);
    expect(queries.searchBooks).toHaveBeenCalledTimes(1);
    expect(queries.searchQuestions).not.toHaveBeenCalled();
    expect(queries.searchAssessments).not.toHaveBeenCalled();
    expect(queries.searchLearners).not.toHaveBeenCalled();
    expect(queries.searchAdmins).not.toHaveBeenCalled();
  });

  it('two letters search question words, not book titles nor learners (their trigram indexes need three)', async () => {
    const answer = await palette(superToken, 'q=ph');
    expect(group(answer, 'question').map((r) => r.id)).toEqual([questionId]);
    expect(group(answer, 'book')).toEqual([]);
    expect(group(answer, 'learner')).toEqual([]);
    // Digits are an ISBN prefix from two.
    expect(group(await palette(superToken, 'q=97'), 'book').map((r) => r.id)).toContain(bookId);
  });

  it('finds a rare word once the bank has word statistics (ANALYZE)', async () => {
    await t.app.deps.db.execute(sql`analyze questions`);
    const answer = await palette(superToken, 'q=chlorophyll');
    expect(group(answer, 'question').map((r) => r.id)).toEqual([questionId]);
  });

  it('keeps to `limit` per kind', async () => {
    for (const n of [1, 2, 3]) {
      const res = await t.as(superToken, {
        method: 'POST',
        url: '/api/book/createbookcontent',
        payload: { isbn: isbn13(`97812345678${n}`), title: `Photo album ${n}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(group(await palette(superToken, 'q=photo&limit=2'), 'book')).toHaveLength(2);
  });

  it('400 with a message and code on a short, long or unusable query, or a bad limit', async () => {
    for (const qs of [
      '',
      'q=a',
      `q=${'x'.repeat(101)}`,
      'q=ab&limit=0',
      'q=ab&limit=11',
      'q=ab%00',
    ]) {
      const res = await t.as(superToken, { method: 'GET', url: `/api/search/palette?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: 'validation_failed' });
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/search/palette?q=photo' });
    expect(signedOut.statusCode).toBe(401);
  });
});
