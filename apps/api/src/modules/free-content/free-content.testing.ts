import type { FreeToc, FreeTocNode, Toc, TocNode } from '@bo/contract';
import { LEARNER_APP_KEY_HEADER } from '@bo/contract';
import { afterAll, beforeAll } from 'vitest';
import { grades } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Test helpers of free content: an app with a super admin, books, masters and TOCs. */
export interface FreeWorld {
  t: TestApp;
  token: string;
}

export function useFreeTestApp() {
  const w = {} as FreeWorld;
  beforeAll(async () => {
    w.t = await createTestApp();
    const admin = await w.t.createAdmin({ role: 'super_admin' });
    w.token = (await w.t.signIn(admin.email)).accessToken;
  });
  afterAll(() => w.t?.close());
  return w;
}

let isbnSeq = 0;
export function freshIsbn(): string {
  const body = `979${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++isbnSeq % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export const post = (w: FreeWorld, url: string, payload: object, token = w.token) =>
  w.t.as(token, { method: 'POST', url: `/api${url}`, payload });
export const get = (w: FreeWorld, url: string, token = w.token) =>
  w.t.as(token, { method: 'GET', url: `/api${url}` });
export const appGet = (w: FreeWorld, url: string, key?: string) =>
  w.t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: key ? { [LEARNER_APP_KEY_HEADER]: key } : {},
  });

export async function ok<T = Record<string, unknown>>(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<T> {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
  return r.json() as T;
}

/** A subject of the first grade with chapters, each with its topics: { chapter: [topics] }. */
export async function masters(w: FreeWorld, chapters: Record<string, string[]>) {
  const [g] = await w.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
  const subject = await ok<{ id: number }>(
    post(w, '/book/addsubject', { gradeId: g!.id, name: `Subject ${freshIsbn()}` }),
  );
  for (const [name, topics] of Object.entries(chapters)) {
    const ch = await ok<{ id: number }>(
      post(w, '/book/addchapter', { subjectId: subject.id, name }),
    );
    for (const topic of topics)
      await ok(post(w, '/book/addtopic', { chapterId: ch.id, name: topic }));
  }
  return { gradeId: g!.id, subjectId: subject.id };
}

/** A book (of the masters' subject, if given) with its TOC built from the masters. */
export async function bookOf(
  w: FreeWorld,
  title: string,
  subject?: { gradeId: number; subjectId: number },
) {
  const isbn = freshIsbn();
  const book = await ok<{ id: number }>(
    post(w, '/book/createbookcontent', { isbn, title, ...(subject ?? {}) }),
  );
  if (subject) await ok(post(w, '/book/dummytocforisbn', { isbn }));
  return { id: book.id, isbn };
}

/** Adds a node (at the top, or under `parentId`); answers its id. */
export async function addNode(w: FreeWorld, bookId: number, title: string, parentId?: number) {
  const toc = await ok<Toc>(
    post(w, '/book/addtocnode', {
      bookId,
      title,
      kind: parentId ? 'section' : 'unit',
      ...(parentId ? { parentId } : {}),
    }),
  );
  return flat(toc.nodes).find((n) => n.title === title && n.parentId === (parentId ?? null))!.id;
}

export function flat<N extends TocNode | FreeTocNode>(nodes: N[]): N[] {
  return nodes.flatMap((n) => [n, ...flat(n.children as N[])]);
}

export const freeToc = (w: FreeWorld, isbn: string) =>
  ok<FreeToc>(get(w, `/promotional/getfreetocbyisbn?isbn=${isbn}`));

export const nodeByTitle = (toc: FreeToc, title: string) =>
  flat(toc.nodes).find((n) => n.title === title)!;
