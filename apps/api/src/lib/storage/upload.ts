import { Readable } from 'node:stream';
import { type FileKind, hasControlCharacters, type UploadDef } from '@bo/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { safeFileName } from '../content-disposition.ts';
import { AppError } from '../errors.ts';
import { looksLikeText } from '../text-encoding.ts';
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
  zip: ['application/zip'],
  // No binary signature: told by sniffText below. XML has a signature of its own.
  text: ['text/plain', 'application/xml'],
};

/**
 * The first bytes as UTF-8 text (a character cut at the end of the sniffed
 * bytes is allowed), or undefined when they hold a NUL or are not UTF-8.
 */
function headText(head: Uint8Array): string | undefined {
  if (head.length === 0 || head.includes(0)) return undefined;
  let end = head.length;
  // Up to 3 bytes of a character the sniffed window cut in two.
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = head[end - back]!;
    if ((byte & 0xc0) !== 0x80) {
      if (byte >= 0xc0) end -= back;
      break;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
  } catch {
    return undefined;
  }
}

/**
 * A file without a binary signature is text when its first bytes are UTF-8
 * with no NUL, or text in another encoding (UTF-16 with its mark, an 8-bit
 * encoding such as windows-1252): the reader decodes the whole file with
 * `decodeTextFile`, which refuses what is not UTF-8 or UTF-16 by name (400
 * `not_utf8`) instead of a 415 here.
 */
export function sniffText(head: Uint8Array): { mime: string } | undefined {
  return headText(head) !== undefined || looksLikeText(head) ? { mime: 'text/plain' } : undefined;
}

/**
 * The type of an upload from its first bytes. file-type recognises some
 * formats by a few ASCII letters ("GIF" for a GIF, "BM" for a bitmap, "ID3"
 * for an MP3), so a text file can start like one: a GIFT quiz whose first
 * question begins "GIFs …" would be image/gif. Where the route accepts text,
 * the head is text when it is UTF-8 without control characters (line
 * breaks and tabs aside), even if a binary signature matched: a real
 * image, audio or archive carries binary bytes right after its signature (a GIF87a/GIF89a header is followed by its
 * screen size and colour table, a PNG or JPEG starts with bytes that are not
 * UTF-8), so it never passes as plain text. A signature that is itself an
 * accepted text type (XML) keeps its type.
 */
export async function sniffUpload(
  head: Uint8Array,
  kinds: readonly FileKind[],
): Promise<{ mime: string } | undefined> {
  const binary = await fileTypeFromBuffer(head);
  if (!kinds.includes('text')) return binary;
  if (!binary) return sniffText(head);
  if (ALLOWED_TYPES.text.includes(binary.mime)) return binary;
  const text = headText(head);
  // UTF-16's mark FF FE reads as an MPEG frame; 8-bit text may start "GIF" too.
  const isText = text !== undefined ? !hasControlCharacters(text, true) : looksLikeText(head);
  return isText ? { mime: 'text/plain' } : binary;
}

/**
 * The kind of a sniffed type: the kind whose main type it is first (a bare
 * zip is a `zip` before it is an `xlsx` whose first part was not recognised),
 * then any kind that accepts it.
 */
function kindOf(kinds: readonly FileKind[], mime: string): FileKind | undefined {
  return (
    kinds.find((k) => ALLOWED_TYPES[k][0] === mime) ??
    kinds.find((k) => ALLOWED_TYPES[k].includes(mime))
  );
}

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
  const sniffed = await sniffUpload(head.bytes, kinds);
  const kind = sniffed && kindOf(kinds, sniffed.mime);
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
