import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Toc, TocNode } from '@bo/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The TOC test files' common ground: an app on a fresh database, an admin
 * with `books` (and `media`, and `free_content` for the nodes' free flags)
 * and one without books, a subject with two master
 * chapters (Animals: Mammals, Birds; Plants: Leaves) and the book "Science 1"
 * (ISBN and one extra ISBN) on that subject, with no TOC yet.
 */

export const ISBN = '9780306406157';
export const EXTRA = '9783161484100';
export const PDF_LIMIT = 64 * 1024;

type Res = Awaited<ReturnType<TestApp['as']>>;

export async function ok<T>(p: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** The sorted field paths of a 400's details. */
export const detailPaths = (res: { json(): unknown }) =>
  (res.json() as { details: { path: string }[] }).details.map((d) => d.path).sort();

export const flat = (nodes: TocNode[]): TocNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** A minimal valid PDF of `pages` pages. */
export function tinyPdf(pages = 2): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A multipart body: `fields` first, then the file part named "file". */
export async function multipart(bytes: Buffer, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

export interface TocFixture {
  t: TestApp;
  token: string;
  /** An admin with media and curriculum, without books. */
  mediaOnly: string;
  bookId: number;
  post(tk: string, url: string, payload: object): Promise<Res>;
  get(tk: string, url: string): Promise<Res>;
  /** The book's TOC by its main ISBN. */
  toc(): Promise<Toc>;
  byTitle(title: string): Promise<TocNode>;
  /** uploadcontent with the fields before the file. */
  upload(bytes: Buffer, name: string, fields: Record<string, string>, tk?: string): Promise<Res>;
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useTocFixture(opts: { buildFromMasters?: boolean } = {}): TocFixture {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-toc-'));
  const f = {
    post: (tk, url, payload) => f.t.as(tk, { method: 'POST', url: `/api${url}`, payload }),
    get: (tk, url) => f.t.as(tk, { method: 'GET', url: `/api${url}` }),
    toc: () => ok<Toc>(f.get(f.token, `/book/gettocbyisbn?isbn=${ISBN}`)),
    byTitle: async (title) => flat((await f.toc()).nodes).find((n) => n.title === title)!,
    upload: async (bytes, name, fields, tk = f.token) =>
      f.t.as(tk, {
        method: 'POST',
        url: '/api/book/uploadcontent',
        ...(await multipart(bytes, name, fields)),
      }),
  } as Partial<TocFixture> as TocFixture;

  beforeAll(async () => {
    f.t = await createTestApp({
      DATA_DIR: dataDir,
      UPLOAD_MAX_PDF_MB: String(PDF_LIMIT / 1024 / 1024),
    });
    const { t } = f;
    f.token = (
      await t.signIn((await t.createAdmin({ modules: ['books', 'media', 'free_content'] })).email)
    ).accessToken;
    f.mediaOnly = (
      await t.signIn((await t.createAdmin({ modules: ['media', 'curriculum'] })).email)
    ).accessToken;
    const db = t.app.deps.db;
    const [g] = await db.select().from(grades).orderBy(grades.position).limit(1);
    const [subject] = await db
      .insert(subjects)
      .values({ gradeId: g!.id, name: 'Science', position: 1 })
      .returning();
    const [c1, c2] = await db
      .insert(chapters)
      .values([
        { subjectId: subject!.id, number: 2, name: 'Plants', position: 2 },
        { subjectId: subject!.id, number: 1, name: 'Animals', position: 1 },
      ])
      .returning();
    await db.insert(topics).values([
      { chapterId: c2!.id, name: 'Mammals', position: 1 },
      { chapterId: c2!.id, name: 'Birds', position: 2 },
      { chapterId: c1!.id, name: 'Leaves', position: 1 },
    ]);
    const book = await ok<{ id: number }>(
      f.post(f.token, '/book/createbookcontent', {
        isbn: ISBN,
        title: 'Science 1',
        gradeId: g!.id,
        subjectId: subject!.id,
      }),
    );
    f.bookId = book.id;
    await ok(f.post(f.token, '/book/appendmultipleisbn', { bookId: book.id, isbns: [EXTRA] }));
    if (opts.buildFromMasters) await ok(f.post(f.token, '/book/dummytocforisbn', { isbn: ISBN }));
  });
  afterAll(async () => {
    await f.t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return f;
}
