import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { safeFileName } from '../content-disposition.ts';
import { AppError, badRequest } from '../errors.ts';
import type { Storage, StoredFile } from './storage.ts';

/**
 * Upload of one file part (SECURITY.md item 23): the type comes from the
 * first bytes, never from the name or the client's Content-Type, and must be
 * on the kind's allowlist; the size is checked from Content-Length before
 * anything is read and counted while streaming, so an oversized upload gets
 * 413 at the limit and leaves nothing stored.
 */
export type UploadKind = 'pdf' | 'video' | 'audio' | 'image';

/** SVG is absent on purpose: it is a document that can run scripts. */
export const ALLOWED_TYPES: Record<UploadKind, readonly string[]> = {
  pdf: ['application/pdf'],
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'],
  audio: [
    'audio/mpeg',
    'audio/mp4',
    'audio/x-m4a',
    'audio/aac',
    'audio/ogg',
    'audio/opus',
    'audio/wav',
    'audio/x-wav',
    'audio/flac',
    'audio/x-flac',
    'audio/webm',
  ],
  video: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-m4v', 'video/ogg'],
};

export interface UploadedFile extends StoredFile {
  /** The client's name, cleaned, for display and Content-Disposition only. */
  originalName: string;
  /** Other form fields sent before the file. */
  fields: Record<string, string>;
}

/** Room for the multipart boundaries and part headers around the file. */
const ENVELOPE = 64 * 1024;
/** file-type reads at most this much to decide. */
const SNIFF_BYTES = 4100;

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'file_too_large',
    `The file is larger than ${formatSize(maxBytes)}`,
    undefined,
    // The rest of the body is not read: tell the client to stop sending it.
    { connection: 'close' },
  );

export async function receiveUpload(
  req: FastifyRequest,
  storage: Storage,
  opts: { kind: UploadKind; maxBytes: number; field?: string },
): Promise<UploadedFile> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + ENVELOPE)
    throw tooLarge(opts.maxBytes);
  if (!req.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: opts.maxBytes + 1, files: 1 } });
  } catch (err) {
    throw badRequest(`The upload could not be read: ${(err as Error).message}`);
  }
  if (!part) throw badRequest('No file in the request');
  if (opts.field && part.fieldname !== opts.field)
    throw badRequest(`Send the file as "${opts.field}"`);

  const head = await readHead(part.file, SNIFF_BYTES);
  const sniffed = await fileTypeFromBuffer(head.bytes);
  const allowed = ALLOWED_TYPES[opts.kind];
  if (!sniffed || !allowed.includes(sniffed.mime)) {
    part.file.resume();
    throw new AppError(
      415,
      'unsupported_media_type',
      `This is not an accepted ${opts.kind} file (its content is ${sniffed?.mime ?? 'not a known binary format'}; accepted: ${allowed.join(', ')})`,
    );
  }

  const limited = async function* () {
    let seen = 0;
    try {
      for await (const chunk of head.rest()) {
        seen += chunk.length;
        if (seen > opts.maxBytes) throw tooLarge(opts.maxBytes);
        yield chunk;
      }
    } catch (err) {
      // busboy cuts the part at fileSize (one byte past ours): the same 413.
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw tooLarge(opts.maxBytes);
      throw err;
    }
  };
  const body = Readable.from(limited());
  const stored = await storage.put(body, { contentType: sniffed.mime });
  return {
    ...stored,
    originalName: safeFileName(part.filename ?? ''),
    fields: Object.fromEntries(
      Object.entries(part.fields).flatMap(([k, v]) =>
        v && !Array.isArray(v) && v.type === 'field' ? [[k, String(v.value)]] : [],
      ),
    ),
  };
}

/** Reads the first bytes for sniffing, then yields them and the rest as one stream. */
async function readHead(stream: Readable, size: number) {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = stream[Symbol.asyncIterator]();
  while (length < size) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value as Buffer);
    length += (next.value as Buffer).length;
  }
  const first = Buffer.concat(chunks);
  return {
    bytes: first.subarray(0, size),
    async *rest() {
      yield first;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value as Buffer;
      }
    },
  };
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}
