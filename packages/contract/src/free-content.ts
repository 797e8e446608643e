import { z } from 'zod';
import { idSchema, listQuery, timestampSchema } from './common.ts';
import { isbnSchema } from './isbn.ts';
import { type TocNodeHead, tocBookSchema, tocNodeHeadSchema, tocNodeStatusSchema } from './toc.ts';

/**
 * Free content (docs/domain.md, Free and promotional content): whole books
 * free to every learner (free ISBNs), and per book a free sample of TOC
 * nodes. A node's own flag is `isFree`; a free node opens everything under
 * it, shown as `freeByParent` on its descendants (docs/decisions.md).
 */

/** How many nodes createfreetoc may name at once (a TOC is at most a few thousand nodes). */
export const FREE_TOC_MAX_NODES = 5000;

export const freeBookSchema = z.object({
  bookId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  addedAt: timestampSchema,
  addedByName: z.string().nullable(),
});
export type FreeBook = z.infer<typeof freeBookSchema>;
export const freeBooksQuery = listQuery(['title', 'isbn', 'addedAt'] as const);
export const addFreeIsbnBody = z.object({ isbn: isbnSchema });
export const deleteFreeIsbnBody = z.object({ bookId: idSchema });

export interface FreeTocNode extends TocNodeHead {
  status: z.infer<typeof tocNodeStatusSchema>;
  /** Chosen for the free sample itself. */
  isFree: boolean;
  /** Free because a node above it is (it opens with its parent). */
  freeByParent: boolean;
  children: FreeTocNode[];
}

/** Recursive, so OpenAPI refers to it by name. */
export const freeTocNodeSchema: z.ZodType<FreeTocNode> = z
  .lazy(() =>
    z.object({
      ...tocNodeHeadSchema.shape,
      status: tocNodeStatusSchema,
      isFree: z.boolean(),
      freeByParent: z.boolean(),
      children: z.array(freeTocNodeSchema),
    }),
  )
  .meta({ id: 'FreeTocNode' });

export const freeTocSchema = z.object({
  book: tocBookSchema,
  /** The whole book is free (a free ISBN): the sample then changes nothing for learners. */
  freeBook: z.boolean(),
  nodeCount: z.number().int(),
  /** Nodes chosen for the sample (their own flag). */
  chosenCount: z.number().int(),
  /** Nodes open to learners: the chosen ones and everything under them. */
  openCount: z.number().int(),
  nodes: z.array(freeTocNodeSchema),
});
export type FreeToc = z.infer<typeof freeTocSchema>;

export const freeTocQuery = z.object({ isbn: isbnSchema });

/** The book's free sample becomes exactly these nodes (an empty list clears it). */
export const createFreeTocBody = z.object({
  bookId: idSchema,
  nodeIds: z.array(idSchema).max(FREE_TOC_MAX_NODES),
});

/** Copies another book's sample onto this one, replacing this book's. */
export const cloneFreeTocBody = z.object({ bookId: idSchema, fromBookId: idSchema });

export const unmatchedNodeSchema = z.object({
  id: z.number().int(),
  /** Titles from the top in the source book, e.g. "Unit 1 › Fractions". */
  path: z.string(),
});
export const cloneFreeTocResponse = z.object({
  toc: freeTocSchema,
  /** Source nodes matched by their master chapter or topic. */
  byMaster: z.number().int(),
  /** Source nodes matched by their title. */
  byTitle: z.number().int(),
  /** Source nodes with no counterpart in this book: not copied. */
  unmatched: z.array(unmatchedNodeSchema),
});
export type CloneFreeTocResponse = z.infer<typeof cloneFreeTocResponse>;

export const freeNodeStatusBody = z.object({ nodeId: idSchema, isFree: z.boolean() });

export const sampleBookSchema = z.object({
  bookId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  nodeCount: z.number().int(),
  chosenCount: z.number().int(),
  freeBook: z.boolean(),
});
export type SampleBook = z.infer<typeof sampleBookSchema>;
export const sampleBooksQuery = listQuery(['title', 'isbn'] as const);

/** What the learner app caches: per book, whole or the open nodes (ids, to match its TOC). */
export const appFreeBookSchema = z.object({
  bookId: z.number().int(),
  isbn: z.string(),
  /** Extra ISBNs sharing the content: the app may find the book by any of them. */
  extraIsbns: z.array(z.string()),
  title: z.string(),
  wholeBook: z.boolean(),
  /** Open nodes (chosen ones and everything under them), active ones only; empty for a whole book. */
  nodes: z.array(
    z.object({ id: z.number().int(), parentId: z.number().int().nullable(), title: z.string() }),
  ),
});
export const appFreeContentQuery = z.object({
  page: listQuery(['title'] as const).shape.page,
  pageSize: listQuery(['title'] as const).shape.pageSize,
});
