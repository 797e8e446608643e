import { AppError, notFound } from '../errors.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * A file read by parts: the zip reader (xlsx/zip.ts) asks for its
 * directory and then streams the parts it reads, so a workbook in the file
 * store is never held whole. A buffer is one too (`bufferFile`: the
 * workbook inside a ZIP of images, a test's bytes).
 */
export interface RandomAccess {
  size: number;
  /** The bytes from `start` up to (not including) `end`, in one buffer. */
  read(start: number, end: number): Promise<Buffer>;
  /** The same bytes as they come. */
  stream(start: number, end: number): AsyncIterable<Buffer>;
}

/** An uploaded file as an import reads it: from the store, by parts or (a reader that needs it) whole. */
export interface StoredUpload extends RandomAccess {
  key: string;
  /** Hex SHA-256 of the content, computed as it was stored. */
  sha256: string;
  /** The whole file: for readers that parse it at once (text formats, a ZIP of a workbook and images). */
  bytes(): Promise<Buffer>;
}

export function bufferFile(bytes: Buffer): RandomAccess {
  return {
    size: bytes.length,
    read: async (start, end) => bytes.subarray(start, end),
    async *stream(start, end) {
      if (end > start) yield bytes.subarray(start, end);
    },
  };
}

const tooLarge = () => new AppError(413, 'file_too_large', 'The file is larger than imports allow');

/**
 * The stored upload of `key`, refused (413) when larger than `maxBytes`: its
 * size was capped at upload by its kind (UPLOAD_MAX_<KIND>_MB), and an
 * import may allow less. Nothing is read until a reader asks.
 */
export async function openStored(
  storage: Storage,
  key: string,
  maxBytes: number,
): Promise<StoredUpload> {
  const stat = await storage.stat(key);
  if (!stat) throw notFound('File');
  if (stat.size > maxBytes) throw tooLarge();
  async function* stream(start: number, end: number) {
    if (end <= start) return;
    for await (const chunk of await storage.get(key, { start, end: end - 1 })) {
      yield chunk as Buffer;
    }
  }
  const read = async (start: number, end: number) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream(start, end)) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  return {
    key,
    size: stat.size,
    sha256: stat.sha256,
    read,
    stream,
    bytes: () => read(0, stat.size),
  };
}
