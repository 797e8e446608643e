import { type Book, bookSchema } from '@bo/contract';
import { expect } from 'vitest';
import { grades, subjects } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Every key a book answer has, no more. */
export const BOOK_KEYS = Object.keys(bookSchema.shape).sort();

/**
 * What the books test files start from, on a fresh app: an admin with the
 * books module (`token`), one without it (`noBooks`), two grades, Mathematics
 * and Science under the first, Mathematics under the second.
 */
export async function booksWorld() {
  const t = await createTestApp();
  const a = await t.createAdmin({ modules: ['books'] });
  const token = (await t.signIn(a.email)).accessToken;
  const b = await t.createAdmin({ modules: ['curriculum', 'admins'] });
  const noBooks = (await t.signIn(b.email)).accessToken;
  const db = t.app.deps.db;
  const [x, y] = await db.select().from(grades).orderBy(grades.position).limit(2);
  const g1 = x!.id;
  const g2 = y!.id;
  const rows = await db
    .insert(subjects)
    .values([
      { gradeId: g1, name: 'Mathematics', position: 1 },
      { gradeId: g1, name: 'Science', position: 2 },
      { gradeId: g2, name: 'Mathematics', position: 1 },
    ])
    .returning();
  const [math1, sci1, math2] = rows.map((r) => r.id) as [number, number, number];
  return { t, token, noBooks, g1, g2, math1, sci1, math2 };
}

/** Requests on the app the world made (read when called: the world is made in beforeAll). */
export function booksCalls(app: () => TestApp, token: () => string) {
  const post = (tk: string, url: string, payload: object) =>
    app().as(tk, { method: 'POST', url: `/api${url}`, payload });
  const get = (tk: string, url: string) => app().as(tk, { method: 'GET', url: `/api${url}` });
  const create = (payload: object) => post(token(), '/book/createbookcontent', payload);
  /** Creates a book that must be accepted; its answer. */
  async function created(payload: object): Promise<Book> {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  return { post, get, create, created };
}
