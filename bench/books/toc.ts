// A TOC of 20 chapters × 49 topics (1,000 nodes) on one book, read through
// GET /api/book/gettocbyisbn: server time per read (app.inject).
import { isbn13CheckDigit } from '@bo/contract';
import { books, tocNodes } from '../../apps/api/src/db/schema/index.ts';
import { type Bench, timeEach } from './setup.ts';

export async function benchToc(bench: Bench, reads: number) {
  const body = '978999999999';
  const isbn = body + isbn13CheckDigit(body);
  const [book] = await bench.db
    .insert(books)
    .values({ isbn, title: 'A book with a long TOC', language: 'English', status: 'active' })
    .returning({ id: books.id });
  const chapters = await bench.db
    .insert(tocNodes)
    .values(
      Array.from({ length: 20 }, (_, c) => ({
        bookId: book!.id,
        kind: 'chapter' as const,
        title: `Chapter ${c + 1}`,
        position: c,
      })),
    )
    .returning({ id: tocNodes.id });
  await bench.db.insert(tocNodes).values(
    chapters.flatMap((ch) =>
      Array.from({ length: 49 }, (_, t) => ({
        bookId: book!.id,
        parentId: ch.id,
        kind: 'topic' as const,
        title: `Topic ${t + 1}`,
        position: t,
      })),
    ),
  );
  let nodeCount = 0;
  const timing = await timeEach(
    reads,
    async () => {
      const res = await bench.inject({ method: 'GET', url: `/api/book/gettocbyisbn?isbn=${isbn}` });
      nodeCount = (res.json() as { nodeCount: number }).nodeCount;
    },
    5,
  );
  if (nodeCount !== 1000) throw new Error(`TOC has ${nodeCount} nodes`);
  return { nodes: nodeCount, reads, ...timing };
}
