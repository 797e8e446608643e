import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from './content-disposition.ts';
import { type ServeOptions, sendStoredFile } from './storage/serve.ts';
import type { Storage } from './storage/storage.ts';
import { type Sheets, sendXlsx, writeXlsx } from './xlsx/export.ts';

/**
 * A download as a value: services answer WHAT file to send (a workbook to
 * write, or a stored file) and the route layer sends it, so no service takes
 * the request or the reply (a job can produce the same workbook).
 */
const FILE = Symbol('file answer');

export type FileAnswer = { readonly [FILE]: true } & (
  | { kind: 'xlsx'; fileName: string; sheets: Sheets<unknown[]> }
  | { kind: 'stored'; serve: ServeOptions }
  | { kind: 'text'; fileName: string; contentType: string; chunks: () => AsyncIterable<string> }
  | { kind: 'bytes'; fileName: string; contentType: string; body: Buffer }
);

/** A workbook written while it streams to the client. */
export const xlsxFile = <S extends unknown[]>(fileName: string, sheets: Sheets<S>): FileAnswer => ({
  [FILE]: true,
  kind: 'xlsx',
  fileName,
  sheets: sheets as unknown as Sheets<unknown[]>,
});

/** A text file (an XML export) written while it streams, chunk by chunk. */
export const textFile = (
  fileName: string,
  contentType: string,
  chunks: () => AsyncIterable<string>,
): FileAnswer => ({ [FILE]: true, kind: 'text', fileName, contentType, chunks });

/** A file made whole in memory (a PDF of labels). */
export const bytesFile = (fileName: string, contentType: string, body: Buffer): FileAnswer => ({
  [FILE]: true,
  kind: 'bytes',
  fileName,
  contentType,
  body,
});

/** A stored file, with byte ranges when the request asks for them. */
export const storedFile = (serve: ServeOptions): FileAnswer => ({
  [FILE]: true,
  kind: 'stored',
  serve,
});

export const isFileAnswer = (value: unknown): value is FileAnswer =>
  typeof value === 'object' && value !== null && FILE in value;

export function sendFileAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  answer: FileAnswer,
) {
  if (answer.kind === 'bytes') {
    return reply
      .header('content-type', answer.contentType)
      .header('content-disposition', contentDisposition(answer.fileName, 'attachment'))
      .send(answer.body);
  }
  if (answer.kind === 'text') {
    return reply
      .header('content-type', answer.contentType)
      .header('content-disposition', contentDisposition(answer.fileName, 'attachment'))
      .send(Readable.from(answer.chunks()));
  }
  return answer.kind === 'xlsx'
    ? sendXlsx(reply, answer.fileName, answer.sheets)
    : sendStoredFile(req, reply, storage, answer.serve);
}

/**
 * A made file's bytes, for a job that sends it on (a report subscription's
 * attachment) instead of a reply; a stored file is read where it lies, not here.
 */
export async function fileAnswerBytes(answer: FileAnswer): Promise<Buffer> {
  if (answer.kind === 'bytes') return answer.body;
  if (answer.kind === 'stored') throw new Error('A stored file is served, not read whole');
  const parts: Buffer[] = [];
  if (answer.kind === 'text') {
    for await (const chunk of answer.chunks()) parts.push(Buffer.from(chunk, 'utf8'));
    return Buffer.concat(parts);
  }
  const out = new PassThrough();
  out.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeXlsx(out, answer.sheets);
  out.end();
  await ended;
  return Buffer.concat(parts);
}
