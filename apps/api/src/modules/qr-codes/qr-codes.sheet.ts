import type { QrTargetKind } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { books } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { xlsxFile } from '../../lib/file-answer.ts';
import { exportKeyCells, exportKeyColumns } from '../../lib/import/changes.ts';
import { anyCell, oneOf, text, wholeNumber, yesNo } from '../../lib/xlsx/columns.ts';
import { defineSheet } from '../../lib/xlsx/sheet.ts';
import { codeIds, codesByIds } from './qr-codes.queries.ts';

/**
 * A book's QR codes as a sheet that comes back as an import
 * (qr-codes.import.ts): where each code points (Target and Target ID) and
 * whether it is enabled are the cells that change a code; Opens (where it
 * points, in words) is read and left alone; ID and Updated at name the
 * code and the time of the download (lib/import/changes.ts).
 */

/** The sheet's word for each kind of target. */
export const TARGET_WORDS = { book: 'book', toc_node: 'node', video: 'video' } as const;
export const KIND_OF_WORD = { book: 'book', node: 'toc_node', video: 'video' } as const;
type Word = (typeof TARGET_WORDS)[QrTargetKind];

export const qrCodeSheet = defineSheet({
  name: 'QR codes',
  maxRows: 20_000,
  columns: {
    code: text('Code', { max: 20, example: 'A2B3C4' }),
    target: oneOf('Target', Object.values(TARGET_WORDS) as Word[], { example: 'node' }),
    targetId: wholeNumber('Target ID', { min: 1, max: Number.MAX_SAFE_INTEGER }),
    opens: anyCell('Opens'),
    enabled: yesNo('Enabled', { example: 'Yes' }),
    ...exportKeyColumns(),
  },
});
export type QrSheetColumns = typeof qrCodeSheet.columns;

/** Codes a book may hold in one download: well past what is printed in one. */
const MAX_CODES = qrCodeSheet.maxRows;

/** `GET /book/downloadqrcodes`: a book's codes in the order they were made. */
export async function downloadBookCodes(db: Db, baseUrl: string, bookId: number) {
  const [book] = await db
    .select({ isbn: books.isbn, title: books.title })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) throw notFound('Book');
  const ids = await codeIds(db, sql`q.book_id = ${bookId}`, MAX_CODES);
  const codes = await codesByIds(db, baseUrl, ids, true);
  const stamps = new Map((await storedCodes(db, { ids })).map((c) => [c.id, c.updatedAt]));
  const rows = codes.map((c) => ({
    id: c.id,
    code: c.code,
    target: c.targetKind ? TARGET_WORDS[c.targetKind] : null,
    targetId: c.targetId,
    opens: c.targetLabel,
    enabled: c.enabled ? 'Yes' : 'No',
    updatedAt: stamps.get(c.id)!.toISOString(),
  }));
  return xlsxFile(`QR codes - ${book.isbn}.xlsx`, [
    {
      name: qrCodeSheet.name,
      columns: [
        { header: 'Code', key: 'code', width: 10 },
        { header: 'Target', key: 'target', width: 10 },
        { header: 'Target ID', key: 'targetId', width: 10 },
        { header: 'Opens', key: 'opens', width: 50 },
        { header: 'Enabled', key: 'enabled', width: 10 },
        ...exportKeyCells<(typeof rows)[number]>(),
      ],
      rows,
    },
  ]);
}

/** A code as the import compares it. */
export interface StoredCode {
  id: number;
  code: string;
  bookId: number | null;
  targetKind: QrTargetKind | null;
  /** The node's or video's id, the book's for a book target; null when none (spare, deleted). */
  targetId: number | null;
  enabled: boolean;
  updatedAt: Date;
  updatedBy: string | null;
}

/** The codes with these ids or these letters; `lock` takes them FOR UPDATE. */
export async function storedCodes(
  db: Db | Tx,
  by: { ids: number[]; codes?: string[] },
  lock = false,
): Promise<StoredCode[]> {
  const ids = JSON.stringify(by.ids);
  const codes = JSON.stringify(by.codes ?? []);
  const rows = await db.execute<{
    id: string | number;
    code: string;
    book_id: string | number | null;
    target_kind: QrTargetKind | null;
    toc_node_id: string | number | null;
    video_id: string | number | null;
    enabled: boolean;
    updated_at: Date | string;
    updated_by: string | null;
  }>(sql`select q.id, q.code, q.book_id, q.target_kind, q.toc_node_id, q.video_id, q.enabled,
      q.updated_at, a.name as updated_by
    from qr_codes q left join admins a on a.id = q.updated_by
    where q.id in (select json_array_elements_text(${ids}::json)::bigint)
       or q.code in (select json_array_elements_text(${codes}::json))
    order by q.id ${lock ? sql`for update of q` : sql``}`);
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    bookId: num(r.book_id),
    targetKind: r.target_kind,
    targetId:
      r.target_kind === 'book'
        ? num(r.book_id)
        : r.target_kind === 'video'
          ? num(r.video_id)
          : num(r.toc_node_id),
    enabled: Boolean(r.enabled),
    updatedAt: new Date(r.updated_at),
    updatedBy: r.updated_by,
  }));
}
