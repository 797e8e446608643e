import type { QrCode } from '@bo/contract';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** One app per test file with a super admin, a book, three TOC nodes (one with content). */
export interface QrWorld {
  t: TestApp;
  token: string;
  bookId: number;
  isbn: string;
  /** [unit with a link, unit without content, its child topic] */
  nodes: number[];
}

export const LEARNER = 'https://learn.example.test';

export function useQrTestApp(env: Record<string, string> = {}) {
  const w = {} as QrWorld;
  beforeAll(async () => {
    w.t = await createTestApp({ LEARNER_APP_URL: LEARNER, ...env });
    const admin = await w.t.createAdmin({ role: 'super_admin' });
    w.token = (await w.t.signIn(admin.email)).accessToken;
    const made = await newBook(w, 'Maths 6', ['Numbers', 'Shapes']);
    Object.assign(w, made);
    const child = await addNode(w, made.bookId, 'Triangles', made.nodes[1]!);
    w.nodes.push(child);
    await post(w, '/book/checkmappingandassign', {
      nodeId: w.nodes[0],
      kind: 'link',
      url: 'https://example.test/numbers',
      title: 'Numbers video',
    });
  });
  afterAll(() => w.t?.close());
  return w;
}

let isbnSeq = 0;
function freshIsbn(): string {
  const body = `978${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++isbnSeq % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function post(w: QrWorld, url: string, payload: object, token = w.token) {
  return w.t.as(token, { method: 'POST', url: `/api${url}`, payload });
}
export async function get(w: QrWorld, url: string, token = w.token) {
  return w.t.as(token, { method: 'GET', url: `/api${url}` });
}
async function ok<T>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export async function addNode(w: QrWorld, bookId: number, title: string, parentId?: number) {
  type Node = { id: number; title: string; children: Node[] };
  const toc = await ok<{ nodes: Node[] }>(
    await post(w, '/book/addtocnode', {
      bookId,
      title,
      kind: parentId ? 'topic' : 'unit',
      ...(parentId ? { parentId } : {}),
    }),
  );
  const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children)]);
  return all(toc.nodes).find((n) => n.title === title)!.id;
}

export async function newBook(w: QrWorld, title: string, units: string[]) {
  const isbn = freshIsbn();
  const book = await ok<{ id: number }>(await post(w, '/book/createbookcontent', { isbn, title }));
  const nodes: number[] = [];
  for (const u of units) nodes.push(await addNode(w, book.id, u));
  return { bookId: book.id, isbn, nodes };
}

export async function bookCodes(w: QrWorld, bookId: number) {
  const page = await ok<{ items: QrCode[]; total: number }>(
    await get(w, `/book/getgenerateqrcodes?bookId=${bookId}&pageSize=100`),
  );
  return page.items;
}

export async function generate(w: QrWorld, body: object) {
  return ok<{ batchId: number | null; created: number; skipped: number; jobId: string | null }>(
    await post(w, '/book/generateqrcode', body),
  );
}

/** Polls GET /jobs/status until the job has ended; answers its last state. */
export async function settledJob(w: QrWorld, id: string) {
  for (let i = 0; i < 600; i++) {
    const body = (await get(w, `/jobs/status?id=${id}`)).json();
    if (body.state === 'completed' || body.state === 'failed') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not end`);
}

/** generate, following the job when the generation was queued. */
export async function generateAll(w: QrWorld, body: object) {
  const answer = await generate(w, body);
  if (!answer.jobId) return answer;
  const job = await settledJob(w, answer.jobId);
  if (job.state !== 'completed') throw new Error(JSON.stringify(job));
  return { ...answer, created: job.result.created as number };
}
