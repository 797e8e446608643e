import type { ContentItem, contentFileQuery, uploadContentFields } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { contentItems, tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { notFound } from '../../lib/errors.ts';
import { storedFile } from '../../lib/file-answer.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { assertFileSignature } from '../../lib/storage/signed-url.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { ReceivedUpload } from '../../lib/storage/upload.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { nextContentPosition } from './toc.content.ts';
import { findContentItem } from './toc.queries.ts';

/** Page objects of a PDF's uncompressed structure; null when none are visible (object streams). */
const PAGE_COUNT_MAX_BYTES = 64 * 1024 * 1024;
export async function countPdfPages(
  storage: Storage,
  key: string,
  size: number,
): Promise<number | null> {
  if (size > PAGE_COUNT_MAX_BYTES) return null;
  let pages = 0;
  let tail = '';
  const re = /\/Type\s*\/Page(?![A-Za-z])/g;
  for await (const chunk of await storage.get(key)) {
    const text = tail + (chunk as Buffer).toString('latin1');
    // The overlap can hold at most a part of one marker: count only matches ending before it.
    const cut = Math.max(0, text.length - 32);
    for (const m of text.matchAll(re)) if (m.index + m[0].length <= cut) pages++;
    tail = text.slice(cut);
  }
  pages += tail.match(re)?.length ?? 0;
  return pages || null;
}

/**
 * `uploadcontent`: the PDF, already stored and sniffed, with the fields
 * nodeId and title; an unknown node throws, and the route layer then deletes
 * the file, so nothing is left stored.
 */
export async function uploadContent(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  { file, fields }: ReceivedUpload<z.infer<typeof uploadContentFields>>,
): Promise<ContentItem> {
  const pages = await countPdfPages(deps.storage, file.key, file.size);
  const { nodeId, title } = fields;
  const id = await deps.db.transaction(async (tx) => {
    const [node] = await tx
      .select({ id: tocNodes.id })
      .from(tocNodes)
      .where(eq(tocNodes.id, nodeId))
      .for('update');
    if (!node) throw notFound('TOC node');
    const position = await nextContentPosition(tx, nodeId);
    const [row] = await tx
      .insert(contentItems)
      .values({
        nodeId,
        kind: 'pdf',
        title,
        fileKey: file.key,
        fileMime: file.contentType,
        fileSize: file.size,
        fileSha256: file.sha256,
        fileName: file.originalName || `${title}.pdf`,
        pages,
        position,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning({ id: contentItems.id });
    await recordAudit(tx, ctx, {
      action: 'toc_pdf_uploaded',
      entity: 'content_item',
      entityId: row!.id,
      after: { nodeId, title, size: file.size, sha256: file.sha256, pages },
    });
    return row!.id;
  });
  return (await findContentItem(deps, id))!;
}

async function pdfOf(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({
      kind: contentItems.kind,
      fileKey: contentItems.fileKey,
      fileName: contentItems.fileName,
      title: contentItems.title,
    })
    .from(contentItems)
    .where(eq(contentItems.id, id));
  if (!row || row.kind !== 'pdf' || !row.fileKey) throw notFound('PDF');
  return { key: row.fileKey, fileName: row.fileName ?? `${row.title}.pdf` };
}

/** `getpdfbycontentid`: guarded by the bearer token (books module). */
export async function servePdf(deps: Deps, id: number) {
  const pdf = await pdfOf(deps, id);
  return storedFile({ ...pdf, disposition: 'inline' });
}

/** The signed link of a listing, for the browser's PDF viewer (no bearer header). */
export async function serveSignedPdf(deps: Deps, query: z.infer<typeof contentFileQuery>) {
  const pdf = await pdfOf(deps, query.id);
  assertFileSignature(deps, pdf.key, query);
  return storedFile({ ...pdf, disposition: 'inline' });
}
