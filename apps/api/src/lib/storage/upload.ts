import { Readable } from 'node:stream';
import type { FileKind, UploadDef } from '@bo/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { safeFileName } from '../content-disposition.ts';
import { AppError } from '../errors.ts';
import { lingerBeforeClose } from './linger.ts';
import { malformed, parseFields } from './multipart-errors.ts';
import type { Storage, StoredFile } from './storage.ts';

/**
 * The one multipart reader, run by the route layer for routes that declare
 * `upload`: the fields sent before the file are checked first (400, nothing
 * stored), the type comes from the first bytes, never from the name or the
 * client's Content-Type, and must be a declared kind; the size is checked
 * from Content-Length before anything is read and counted while streaming,
 * so an oversized upload gets 413 at the limit and leaves nothing stored. A
 * body that is not well-formed multipart (no boundary, a wrong one, cut off)
 * is a 400. The handler gets the stored file and the fields, never the request.
 */
export type UploadKind = FileKind;

/** SVG is absent on purpose: it is a document that can run scripts. */
export const ALLOWED_TYPES: Record<FileKind, readonly string[]> = {
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
  // The sniffer may only see a zip's first entry; the workbook reader checks the rest.
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
};

export interface UploadedFile extends StoredFile {
  /** The client's name, cleaned, for display and Content-Disposition only. */
  originalName: string;
  /** The kind its content was recognised as. */
  kind: FileKind;
}

export interface ReceivedUpload<F = Record<string, unknown>> {
  file: UploadedFile;
  /** The form fields sent before the file, parsed by the route's `fields` schema. */
  fields: F;
}

/** Room for the multipart boundaries and part headers around the file. */
const ENVELOPE = 64 * 1024;
/** file-type reads at most this much to decide. */
const SNIFF_BYTES = 4100;

function tooLarge(req: FastifyRequest, maxBytes: number) {
  // The rest of the body is not read; the client is told to stop sending it,
  // and may still read this answer (see linger.ts).
  lingerBeforeClose(req.raw.socket);
  return new AppError(
    413,
    'file_too_large',
    `The file is larger than ${formatSize(maxBytes)}`,
    undefined,
    { connection: 'close' },
  );
}

/** The kinds this request may send: the declared ones, or the one its query names. */
export function kindsOf(def: UploadDef, query: unknown): readonly FileKind[] {
  if (!def.kindFrom) return def.kinds;
  const value = (query as Record<string, unknown> | undefined)?.[def.kindFrom.query];
  const kind = def.kindFrom.kinds[String(value)];
  return kind ? [kind] : def.kinds;
}

export async function receiveUpload(
  req: FastifyRequest,
  storage: Storage,
  def: UploadDef,
  limits: Record<FileKind, number>,
  query?: unknown,
): Promise<ReceivedUpload> {
  const kinds = kindsOf(def, query);
  const outer = Math.max(...kinds.map((k) => limits[k]));
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > outer + ENVELOPE) throw tooLarge(req, outer);
  if (!req.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: outer + 1, files: 1 } });
  } catch (err) {
    throw malformed(err);
  }
  if (!part) throw malformed(null);
  if (part.fieldname !== def.field) {
    part.file.resume();
    throw new AppError(400, 'bad_request', `Send the file as the field "${def.field}"`);
  }
  const fields = parseFields(def, part);
  if (!fields.ok) {
    part.file.resume();
    throw fields.error;
  }

  const head = await readHead(part.file, SNIFF_BYTES).catch((err) => {
    throw malformed(err);
  });
  const sniffed = await fileTypeFromBuffer(head.bytes);
  const kind = kinds.find((k) => sniffed && ALLOWED_TYPES[k].includes(sniffed.mime));
  if (!sniffed || !kind) {
    part.file.resume();
    const allowed = kinds.flatMap((k) => ALLOWED_TYPES[k]);
    throw new AppError(
      415,
      'unsupported_media_type',
      `This is not an accepted ${kinds.join(' or ')} file (its content is ${sniffed?.mime ?? 'not a known binary format'}; accepted: ${allowed.join(', ')})`,
    );
  }

  const maxBytes = limits[kind];
  const limited = async function* () {
    let seen = 0;
    try {
      for await (const chunk of head.rest()) {
        seen += chunk.length;
        if (seen > maxBytes) throw tooLarge(req, maxBytes);
        yield chunk;
      }
    } catch (err) {
      // busboy cuts the part at fileSize (one byte past the largest limit): the same 413.
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw tooLarge(req, maxBytes);
      throw malformed(err);
    }
    // busboy ends a part cut off by the end of the body without an error on
    // some paths: the request must have reached its closing boundary.
    if (!part.file.readableEnded || part.file.truncated) throw malformed(null);
  };
  const stored = await storage.put(Readable.from(limited()), { contentType: sniffed.mime });
  return {
    file: { ...stored, kind, originalName: safeFileName(part.filename ?? '') },
    fields: fields.value,
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
