import { z } from 'zod';
import {
  booleanQuery,
  idParam,
  idSchema,
  integerParam,
  listQuery,
  paginated,
  timestampSchema,
} from './common.ts';
import { importChangesShape, importReportSchema } from './imports.ts';

/**
 * QR codes (docs/domain.md, QR codes): a code of 6 characters printed in a
 * book (or for a video) whose target can change after printing. Shapes here;
 * routes in qr-codes-routes.ts.
 */

/** No look-alikes: no 0/O, no 1/I/L. 31 characters, 31^6 ≈ 887 million codes. */
export const QR_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const QR_CODE_LENGTH = 6;
export const QR_CODE_PATTERN = new RegExp(`^[${QR_ALPHABET}]{${QR_CODE_LENGTH}}$`);
/** Most codes one request generates or prints. */
export const QR_MAX_PER_REQUEST = 1000;
/** A generation of more codes than this runs as a background job (answered with its id). */
export const QR_JOB_FROM = 200;

export const QR_TARGET_KINDS = ['book', 'toc_node', 'video'] as const;
export type QrTargetKind = (typeof QR_TARGET_KINDS)[number];

/** Sheet layouts of the print: 21 labels (3 × 7), 14 labels (2 × 7), one label per page. */
export const QR_LAYOUTS = ['21', '14', '1'] as const;
export type QrLayout = (typeof QR_LAYOUTS)[number];
export const QR_LAYOUT_LABELS: Record<QrLayout, string> = {
  '21': '21 per sheet (3 × 7)',
  '14': '14 per sheet (2 × 7)',
  '1': 'One per page',
};

const count = z.number().int().min(1).max(QR_MAX_PER_REQUEST);

export const generateQrBody = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('nodes'),
    bookId: idSchema,
    /** Absent: every node of the book that has no code yet. */
    nodeIds: z.array(idSchema).min(1).max(QR_MAX_PER_REQUEST).optional(),
  }),
  z.object({ mode: z.literal('spare'), bookId: idSchema, count }),
]);
export type GenerateQrBody = z.infer<typeof generateQrBody>;

export const generateQrResponse = z.object({
  /** Null when nothing was generated (every chosen node already had a code). */
  batchId: z.number().int().nullable(),
  created: z.number().int(),
  /** Chosen nodes skipped because they already have a code. */
  skipped: z.number().int(),
  /** Set when the codes are made by a background job (more than QR_JOB_FROM): follow it on /jobs/status. */
  jobId: z.string().nullable(),
});
export type GenerateQrResponse = z.infer<typeof generateQrResponse>;

export const qrCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** What the printed QR holds: <PUBLIC_BASE_URL>/q/<code>. */
  url: z.string(),
  bookId: z.number().int().nullable(),
  bookIsbn: z.string().nullable(),
  /** The book the code is printed in; null for a video's code. */
  bookTitle: z.string().nullable(),
  targetKind: z.enum(QR_TARGET_KINDS).nullable(),
  targetId: z.number().int().nullable(),
  /** The TOC path ("Unit 1 › Fractions"), the book's or the video's title; null for a spare code. */
  targetLabel: z.string().nullable(),
  /** False when a scan would find nothing to open (spare code, empty node, inactive video). */
  hasContent: z.boolean(),
  enabled: z.boolean(),
  scans: z.number().int(),
  /** The latest scan; null when never scanned. */
  lastScanAt: timestampSchema.nullable(),
  batchId: z.number().int(),
  createdAt: timestampSchema,
});
export type QrCode = z.infer<typeof qrCodeSchema>;

export const bookQrCodesQuery = listQuery(['code', 'created'] as const).extend({
  bookId: idParam,
});
export const bookQrCodesResponse = paginated(qrCodeSchema).extend({
  book: z.object({ id: z.number().int(), isbn: z.string(), title: z.string() }),
});

export const qrBookSchema = z.object({
  bookId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  codes: z.number().int(),
  /** Codes whose scan finds nothing to open (spare, empty node, no content). */
  withoutContent: z.number().int(),
  disabled: z.number().int(),
  scans: z.number().int(),
});
export type QrBook = z.infer<typeof qrBookSchema>;
export const qrBooksQuery = listQuery(['title', 'isbn', 'codes'] as const);

export const qrCodesListQuery = listQuery(['code', 'created'] as const);

export const videoQrBody = z.object({ videoId: idSchema });

export const retargetQrBody = z.object({
  id: idSchema,
  target: z.object({ kind: z.enum(QR_TARGET_KINDS), id: idSchema }),
});
export const qrStatusBody = z.object({ id: idSchema, enabled: z.boolean() });

/** Comma-separated ids (at most QR_MAX_PER_REQUEST). */
const idList = z
  .string()
  .max(QR_MAX_PER_REQUEST * 17)
  .regex(/^\d+(,\d+)*$/, 'comma-separated ids')
  .transform((s) => s.split(',').map(Number))
  .pipe(z.array(idSchema).max(QR_MAX_PER_REQUEST));

export const printBookQrQuery = z.object({
  bookId: idParam,
  layout: z.enum(QR_LAYOUTS).default('21'),
  /** Only these codes of the book; absent: all its enabled codes. */
  ids: idList.optional(),
  batchId: integerParam(idSchema).optional(),
});
export const printVideoQrQuery = z.object({
  layout: z.enum(QR_LAYOUTS).default('21'),
  /** Only these video codes; absent: every enabled video code. */
  ids: idList.optional(),
});

/** A book's codes as XLSX (Code, Target, Target ID, Opens, Enabled, ID, Updated at). */
export const downloadQrCodesQuery = z.object({ bookId: idParam });
export const uploadQrCodesQuery = z.object({ dryRun: booleanQuery.default(true) });
/**
 * The codes sheet sent back: each row with an ID (or a code's letters)
 * points that code elsewhere or enables/disables it; codes are never made
 * by import. Counts and every changed cell from → to.
 */
export const uploadQrCodesResponse = importReportSchema.extend(importChangesShape);
export type UploadQrCodesResponse = z.infer<typeof uploadQrCodesResponse>;
