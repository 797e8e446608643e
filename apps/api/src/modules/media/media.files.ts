import type { MediaKind, MediaUploadKind, mediaFileQuery, UploadedMediaFile } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { mediaItems } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { safeFileName } from '../../lib/content-disposition.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { storedFile } from '../../lib/file-answer.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { assertFileSignature } from '../../lib/storage/signed-url.ts';
import type { Storage, StoredFile } from '../../lib/storage/storage.ts';
import { ALLOWED_TYPES, type ReceivedUpload } from '../../lib/storage/upload.ts';
import { readDuration } from './media.duration.ts';

/**
 * The file side of the media library, on the generic store (lib/storage):
 * uploads (sniffed, size-limited, one file a request) and signed, ranged
 * playback. Rows and their rules live in media.service.ts.
 */

async function readRange(storage: Storage, key: string, start: number, end: number) {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key, { start, end })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Duration from the stored file's headers (ranged reads only), or null. */
export function readStoredDuration(storage: Storage, file: StoredFile): Promise<number | null> {
  if (file.size === 0) return Promise.resolve(null);
  return readDuration(
    (start, end) => readRange(storage, file.key, start, Math.min(end, file.size - 1)),
    file.size,
    file.contentType,
  );
}

/** A stored file of the right kind, named by `/media/uploadfile` (400 at `body.<path>` otherwise). */
export async function checkStored(
  deps: Deps,
  key: string,
  kind: 'video' | 'audio' | 'image',
  path: string,
) {
  const file = await deps.storage.stat(key);
  const refuse = (message: string) => badRequest(message, [{ path: `body.${path}`, message }]);
  if (!file) throw refuse('No such uploaded file; upload it again');
  if (!ALLOWED_TYPES[kind].includes(file.contentType)) {
    throw refuse(
      kind === 'image'
        ? 'This file is not an image'
        : `This file is not ${kind === 'audio' ? 'an audio' : 'a video'}`,
    );
  }
  return file;
}

/** An item's file columns for a stored upload: added, or its content replaced. */
export const storedContent = (file: StoredFile, kind: MediaKind, fileName: string | undefined) => ({
  fileKey: file.key,
  fileMime: file.contentType,
  fileSize: file.size,
  fileSha256: file.sha256,
  fileName: safeFileName(fileName ?? '', kind),
});

/** `uploadfile`: the file is stored and sniffed as the kind the query names. */
export async function uploadMediaFile(
  deps: Deps,
  ctx: RequestContext,
  { file }: ReceivedUpload,
  kind: MediaUploadKind,
): Promise<UploadedMediaFile> {
  const durationSeconds =
    kind === 'thumbnail' ? null : await readStoredDuration(deps.storage, file);
  const answer = {
    key: file.key,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    originalName: file.originalName,
    durationSeconds,
  };
  await recordAudit(deps.db, ctx, {
    action: 'media_file_uploaded',
    entity: 'media_file',
    entityId: file.key,
    after: { ...answer, kind },
  });
  return answer;
}

/** 404 for an unknown item or part, 403 for a link that is not this part's or has expired. */
export async function serveMediaFile(deps: Deps, query: z.infer<typeof mediaFileQuery>) {
  const [row] = await deps.db
    .select({
      fileKey: mediaItems.fileKey,
      fileName: mediaItems.fileName,
      thumbnailKey: mediaItems.thumbnailKey,
      title: mediaItems.title,
    })
    .from(mediaItems)
    .where(eq(mediaItems.id, query.id));
  const key = query.part === 'thumbnail' ? row?.thumbnailKey : row?.fileKey;
  if (!row || !key) throw notFound('File');
  assertFileSignature(deps, key, query);
  return storedFile({
    key,
    fileName: query.part === 'thumbnail' ? `${row.title}-thumbnail` : (row.fileName ?? row.title),
    disposition: 'inline',
  });
}
