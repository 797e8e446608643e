import type { QrLayout } from '@bo/contract';
import { QR_MAX_PER_REQUEST } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import { books } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { bytesFile } from '../../lib/file-answer.ts';
import { printableAddress, TRIAL_MARK } from './qr-codes.address.ts';
import { labelsPdf, type SheetNote } from './qr-codes.pdf.ts';
import { codeIds, codesByIds } from './qr-codes.queries.ts';

/** printaspdf / printvideoqrpdf: the chosen codes (or all enabled ones) as labels. */

/** Refused before any work when the codes would encode a private address (qr-codes.address.ts). */
function sheetNote(deps: Deps): SheetNote {
  const address = printableAddress(deps.config);
  return { base: address.base, trialMark: address.trial ? TRIAL_MARK : null };
}

function ensureFew(n: number) {
  if (n > QR_MAX_PER_REQUEST)
    throw badRequest(
      `At most ${QR_MAX_PER_REQUEST} codes per print; choose a batch or codes (${n} match)`,
    );
}

export async function printBookCodes(
  deps: Deps,
  q: { bookId: number; layout: QrLayout; ids?: number[] | undefined; batchId?: number | undefined },
) {
  const note = sheetNote(deps);
  const [book] = await deps.db
    .select({ isbn: books.isbn, title: books.title })
    .from(books)
    .where(eq(books.id, q.bookId));
  if (!book) throw notFound('Book');
  const where = q.ids
    ? sql`q.book_id = ${q.bookId} and q.id in (${sql.join(
        q.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : q.batchId
      ? sql`q.book_id = ${q.bookId} and q.batch_id = ${q.batchId} and q.enabled`
      : sql`q.book_id = ${q.bookId} and q.enabled`;
  const ids = await codeIds(deps.db, where, QR_MAX_PER_REQUEST + 1);
  ensureFew(ids.length);
  const codes = await codesByIds(deps.db, deps.config.publicBaseUrl, ids, true);
  const pdf = await labelsPdf(
    codes.map((c) => ({
      code: c.code,
      url: c.url,
      line1: `ISBN ${book.isbn}`,
      line2: c.targetLabel ?? '',
    })),
    q.layout,
    `QR codes: ${book.title}`,
    note,
  );
  return bytesFile(`qr-codes-${book.isbn}.pdf`, 'application/pdf', pdf);
}

export async function printVideoCodes(
  deps: Deps,
  q: { layout: QrLayout; ids?: number[] | undefined },
) {
  const note = sheetNote(deps);
  const where = q.ids
    ? sql`q.book_id is null and q.id in (${sql.join(
        q.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`q.book_id is null and q.enabled`;
  const ids = await codeIds(deps.db, where, QR_MAX_PER_REQUEST + 1);
  ensureFew(ids.length);
  const codes = await codesByIds(deps.db, deps.config.publicBaseUrl, ids, true);
  const pdf = await labelsPdf(
    codes.map((c) => ({ code: c.code, url: c.url, line1: 'Video', line2: c.targetLabel ?? '' })),
    q.layout,
    'QR codes: videos',
    note,
  );
  return bytesFile('qr-codes-videos.pdf', 'application/pdf', pdf);
}
