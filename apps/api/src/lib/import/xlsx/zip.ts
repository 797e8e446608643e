import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { AppError } from '../../errors.ts';
import { bufferFile, type RandomAccess } from '../stored-file.ts';

/**
 * Zip-bomb guard for uploaded XLSX files (docs/security.md item 24), run before
 * any parser sees the bytes. An XLSX file is a zip: its central directory
 * declares every entry's sizes, which are checked against the limits; then
 * every entry is inflated with an output cap equal to its declared size, so
 * an entry that lies about its size is refused too, after at most the
 * allowed number of bytes has been produced. The file is read by parts
 * (its directory, then each entry), so a file in the store is never held
 * whole: only the parts a reader keeps are.
 */
export interface ZipLimits {
  /** Sum of the entries' uncompressed sizes. */
  maxUncompressedBytes: number;
  maxEntries: number;
  /** Uncompressed / compressed for an entry above RATIO_FLOOR bytes. */
  maxRatio: number;
}

/** Small entries may compress absurdly well without harm (a run of spaces). */
const RATIO_FLOOR = 1024 * 1024;

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);
const refused = (message: string) => new AppError(413, 'xlsx_too_large', message);
const corrupt = (message: string) => new AppError(400, 'xlsx_corrupt', message);

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0) === SIG_LOCAL
  );
}

/** An entry with its unpacked bytes (see `keep`), and where its packed bytes are for a streamed read. */
export interface ZipEntry extends ZipEntryInfo {
  data?: Buffer;
  /** The file, and where the entry's bytes as stored start in it; deflated when `method` is 8. */
  file: RandomAccess;
  start: number;
  method: number;
}

/** A zip in memory or read by parts (an upload in the file store). */
export type ZipInput = Buffer | RandomAccess;

/**
 * Throws a coded AppError (415, 413 or 400) unless the zip is within the
 * limits. The entries `keep` names come back with their bytes (already
 * inflated by the check, within the same caps): a zip of a workbook and its
 * images is read without a second unpacker. An entry `keep` answers
 * 'stream' for is not inflated here: its reader takes it through
 * `streamEntry`, which holds it to the same caps as it is inflated (a
 * workbook's sheet is never unpacked whole).
 */
export async function inspectZip(
  input: ZipInput,
  limits: ZipLimits,
  keep?: (name: string) => boolean | 'stream',
): Promise<ZipEntry[]> {
  const file = Buffer.isBuffer(input) ? bufferFile(input) : input;
  if (!isZip(await file.read(0, 4))) {
    throw unsupported('Not an XLSX file (it is not a zip archive)');
  }
  // The end record is within the last 64 KiB + 22 bytes; the directory usually is too.
  const tailStart = Math.max(0, file.size - 0xffff - 22);
  const tail = await file.read(tailStart, file.size);
  const end = findEnd(tail);
  const cdSize = tail.readUInt32LE(end + 12);
  const cdOffset = tail.readUInt32LE(end + 16);
  // Zip64 marks its sizes 0xFFFFFFFF; no XLSX within these limits needs it.
  if (cdOffset === 0xffffffff || tail.readUInt16LE(end + 10) === 0xffff) {
    throw refused('The file is a Zip64 archive; it is larger than any allowed import');
  }
  if (cdOffset + cdSize > tailStart + end) throw corrupt('The zip central directory is damaged');
  const buf =
    cdOffset >= tailStart
      ? tail.subarray(cdOffset - tailStart, cdOffset - tailStart + cdSize)
      : await file.read(cdOffset, cdOffset + cdSize);

  const entries: ZipEntry[] = [];
  let total = 0;
  let p = 0;
  while (p < cdSize) {
    if (p + 46 > cdSize || buf.readUInt32LE(p) !== SIG_CENTRAL) {
      throw corrupt('The zip central directory is damaged');
    }
    if (entries.length >= limits.maxEntries) {
      throw refused(`The file holds more than ${limits.maxEntries} parts`);
    }
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1) throw unsupported('Encrypted XLSX files cannot be imported');
    if (method !== 0 && method !== 8) throw unsupported(`Unsupported zip compression in ${name}`);
    total += uncompressedSize;
    if (total > limits.maxUncompressedBytes) {
      throw refused(
        `The file unpacks to more than ${Math.round(limits.maxUncompressedBytes / 1048576)} MB`,
      );
    }
    if (
      uncompressedSize > RATIO_FLOOR &&
      uncompressedSize / Math.max(compressedSize, 1) > limits.maxRatio
    ) {
      throw refused(`The part ${name} is compressed suspiciously well (a zip bomb?)`);
    }
    const kept = keep?.(name) ?? false;
    const info = { name, compressedSize, uncompressedSize };
    const start = await storedStart(file, info, localOffset);
    const data =
      kept === 'stream'
        ? undefined
        : verifyEntry(info, await file.read(start, start + compressedSize), method);
    entries.push({ ...info, file, start, method, ...(kept === true ? { data } : {}) });
  }
  return entries;
}

/** The End Of Central Directory record: within the last 64 KiB + 22 bytes. */
function findEnd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 0xffff - 22);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === SIG_END) return i;
  }
  throw corrupt('The file is not a complete zip archive');
}

/** Where the entry's stored bytes start, through its local header. */
async function storedStart(
  file: RandomAccess,
  entry: ZipEntryInfo,
  localOffset: number,
): Promise<number> {
  const local = await file.read(localOffset, localOffset + 30);
  if (local.length < 30 || local.readUInt32LE(0) !== SIG_LOCAL) {
    throw corrupt(`The zip entry ${entry.name} is damaged`);
  }
  const start = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > file.size) {
    throw corrupt(`The zip entry ${entry.name} is cut short`);
  }
  return start;
}

const overDeclared = (entry: ZipEntryInfo) =>
  refused(`The part ${entry.name} unpacks to more than it declares`);
const notDeclared = (entry: ZipEntryInfo) =>
  corrupt(`The zip entry ${entry.name} does not match its declared size`);

/** Inflates the entry with its declared size as the cap: a lying header fails here. */
function verifyEntry(entry: ZipEntryInfo, data: Buffer, method: number): Buffer {
  let out: Buffer = data;
  if (method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw overDeclared(entry);
      throw corrupt(`The zip entry ${entry.name} is damaged`);
    }
  }
  if (out.length !== entry.uncompressedSize) throw notDeclared(entry);
  return out;
}

/**
 * An entry inspectZip left to be streamed, inflated chunk by chunk and held
 * to its declared size: refused at the first byte past it, as verifyEntry
 * would have.
 */
export async function* streamEntry(entry: ZipEntry): AsyncGenerator<Buffer> {
  const input = Readable.from(entry.file.stream(entry.start, entry.start + entry.compressedSize));
  const source = entry.method === 8 ? input.pipe(createInflateRaw()) : input;
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > entry.uncompressedSize) throw overDeclared(entry);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corrupt(`The zip entry ${entry.name} is damaged`);
  } finally {
    source.destroy();
    input.destroy();
  }
  if (total !== entry.uncompressedSize) throw notDeclared(entry);
}
