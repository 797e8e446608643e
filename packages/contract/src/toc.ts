import { z } from 'zod';
import {
  booleanQuery,
  idParam,
  idSchema,
  okSchema,
  signedLinkFields,
  textSchema,
  timestampSchema,
} from './common.ts';
import { importReportSchema } from './imports.ts';
import { isbnSchema } from './isbn.ts';
import { mediaUrlSchema } from './media.ts';
import {
  printedCodesChoice,
  printedCodesChoiceQuery,
  printedCodesImpact,
} from './printed-codes.ts';

/**
 * A book's table of contents (docs/domain.md, Books and content): a tree of nodes
 * ordered among siblings, each holding content items — uploaded PDFs, videos
 * and audios of the media library, links. A book is found by its main or any
 * extra ISBN. Node editing paths beyond the spec are listed in
 * docs/decisions.md (TOC).
 */

export const TOC_NODE_KINDS = ['unit', 'chapter', 'topic', 'section'] as const;
export const tocNodeKindSchema = z.enum(TOC_NODE_KINDS);
export type TocNodeKind = z.infer<typeof tocNodeKindSchema>;

export const TOC_NODE_STATUSES = ['active', 'inactive'] as const;
export const tocNodeStatusSchema = z.enum(TOC_NODE_STATUSES);
export type TocNodeStatus = z.infer<typeof tocNodeStatusSchema>;

export const CONTENT_KINDS = ['pdf', 'video', 'audio', 'link'] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKindSchema>;

/** What a node is in every tree that shows one (the TOC, the free sample's). */
export const tocNodeHeadSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  kind: tocNodeKindSchema,
  title: z.string(),
  chapterId: z.number().int().nullable(),
  topicId: z.number().int().nullable(),
});
export type TocNodeHead = z.infer<typeof tocNodeHeadSchema>;

export interface TocNode extends TocNodeHead {
  position: number;
  /** Open without purchase (the free sample of a book). */
  isFree: boolean;
  status: TocNodeStatus;
  /** Content items directly on this node. */
  contentCount: number;
  children: TocNode[];
}

/** Recursive, so OpenAPI refers to it by name (`TocNode`) from wherever it appears. */
export const tocNodeSchema: z.ZodType<TocNode> = z
  .lazy(() =>
    z.object({
      ...tocNodeHeadSchema.shape,
      position: z.number().int(),
      isFree: z.boolean(),
      status: tocNodeStatusSchema,
      contentCount: z.number().int(),
      children: z.array(tocNodeSchema),
    }),
  )
  .meta({ id: 'TocNode' });

export const tocBookSchema = z.object({
  id: z.number().int(),
  isbn: z.string(),
  title: z.string(),
});

export const tocSchema = z.object({
  book: tocBookSchema,
  nodeCount: z.number().int(),
  nodes: z.array(tocNodeSchema),
});
export type Toc = z.infer<typeof tocSchema>;

export const tocTitleSchema = textSchema({ min: 1, max: 300 });

export const isbnQuery = z.object({ isbn: isbnSchema });

export const dummyTocBody = z.object({
  isbn: isbnSchema,
  replace: z.boolean().default(false),
  ...printedCodesChoice,
});

export const addTocNodeBody = z.object({
  bookId: idSchema,
  parentId: idSchema.nullable().optional(),
  title: tocTitleSchema,
  kind: tocNodeKindSchema,
});
export const renameTocNodeBody = z.object({ id: idSchema, title: tocTitleSchema });
/**
 * Title, free flag and status of a node in one write; at least one of them.
 * With `subtree: true`, `isFree` and `status` are applied to every node under
 * it as well (the title stays the node's own).
 */
export const updateTocNodeBody = z
  .object({
    id: idSchema,
    title: tocTitleSchema.optional(),
    isFree: z.boolean().optional(),
    status: tocNodeStatusSchema.optional(),
    subtree: z.boolean().default(false),
  })
  .refine(
    (b) => b.title !== undefined || b.isFree !== undefined || b.status !== undefined,
    'Give title, isFree or status',
  );
export type UpdateTocNodeBody = z.input<typeof updateTocNodeBody>;
export const moveTocNodeBody = z.object({
  id: idSchema,
  parentId: idSchema.nullable(),
  /** 0-based among the new siblings; past the end means last. */
  position: z.number().int().min(0).max(100_000),
});

export const tocNodeImpactSchema = z.object({
  /** The node and every node under it. */
  nodes: z.number().int(),
  contentItems: z.number().int(),
  /** Practices on those nodes: they stay, without a node, and cannot be activated until given one. */
  practices: z.number().int(),
  ...printedCodesImpact,
});
export const deleteTocNodeBody = z.object({ id: idSchema, ...printedCodesChoice });
/** Removing a node's last content leaves codes on it (or above it) leading nowhere: the same choice. */
export const removeContentBody = deleteTocNodeBody;
export const deleteTocNodeResponse = okSchema.extend({ deleted: tocNodeImpactSchema });

export const contentItemSchema = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  /** Titles from the top, e.g. "Unit 1 › Chapter 2". */
  nodePath: z.string(),
  kind: contentKindSchema,
  title: z.string(),
  position: z.number().int(),
  file: z
    .object({
      contentType: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      originalName: z.string(),
    })
    .nullable(),
  pages: z.number().int().nullable(),
  mediaItemId: z.number().int().nullable(),
  url: z.string().nullable(),
  /**
   * What the browser opens: a signed `/api/book/contentfile` link for a PDF
   * (valid 2 hours), the media's signed play link, or the link's URL.
   */
  openUrl: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const digitalContentSchema = z.object({
  book: tocBookSchema,
  items: z.array(contentItemSchema),
});

export const uploadContentFields = z.object({ nodeId: idParam, title: tocTitleSchema });

export const checkMappingBody = z.discriminatedUnion('kind', [
  z.object({ nodeId: idSchema, kind: z.literal('video'), mediaItemId: idSchema }),
  z.object({ nodeId: idSchema, kind: z.literal('audio'), mediaItemId: idSchema }),
  z.object({
    nodeId: idSchema,
    kind: z.literal('link'),
    url: mediaUrlSchema,
    title: tocTitleSchema.optional(),
  }),
  /** An existing content item (e.g. an uploaded PDF) copied onto this node. */
  z.object({ nodeId: idSchema, kind: z.literal('pdf'), contentId: idSchema }),
]);
export type CheckMappingBody = z.input<typeof checkMappingBody>;

export const checkMappingResponse = z.object({
  mapped: z.boolean(),
  item: contentItemSchema.optional(),
  /** When already mapped: the item that holds the mapping. */
  existing: contentItemSchema.optional(),
});

export const setMediaTocBody = z.object({ nodeId: idSchema, mediaItemId: idSchema });

export const contentFileQuery = z.object({ id: idParam, ...signedLinkFields });

/**
 * TOC as XLSX (Sunbird style): "Level 1" … "Level N" (one column per level,
 * at least 4; a row's title sits in the column of its level), then "Node Id",
 * "Kind", "Free" (Yes/No), "Status" (active/inactive); one row per node,
 * depth first. The upload matches rows to nodes by Node Id (update, move),
 * creates rows without one, and keeps nodes absent from the sheet unless
 * `removeMissing=true` (then they go with their content).
 */
export const TOC_SHEET_MIN_LEVELS = 4;
export const TOC_SHEET_MAX_LEVELS = 10;
export const tocDownloadQuery = z.object({ bookId: idParam });

export const uploadTocQuery = z.object({
  bookId: idParam,
  /** The default: only report what the file would change. */
  dryRun: booleanQuery.default(true),
  /** Delete the book's nodes (with their content) that are not in the sheet. */
  removeMissing: booleanQuery.default(false),
  /** Where printed codes of removed nodes point next (printed-codes.ts). */
  ...printedCodesChoiceQuery,
});
export type UploadTocQuery = z.input<typeof uploadTocQuery>;

export const tocMissingNodeSchema = z.object({
  id: z.number().int(),
  /** "Unit 1 › Chapter 2". */
  path: z.string(),
  contentItems: z.number().int(),
});

export const uploadTocResponse = importReportSchema.extend({
  /** Rows without a Node Id. */
  created: z.number().int(),
  /** Existing nodes whose title, kind, free flag or status changes. */
  updated: z.number().int(),
  /** Existing nodes whose parent or position among siblings changes. */
  moved: z.number().int(),
  /** Nodes removed (only with removeMissing), with their content items. */
  removed: z.number().int(),
  removedContentItems: z.number().int(),
  /** The book's nodes absent from the sheet: kept, or removed with removeMissing. */
  notInSheet: z.array(tocMissingNodeSchema),
});
export type UploadTocResponse = z.infer<typeof uploadTocResponse>;
