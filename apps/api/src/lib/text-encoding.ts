import { hasControlCharacters } from '@bo/contract';
import { AppError } from './errors.ts';

/**
 * The one decoding of an uploaded text file, for every text reader (the
 * question import's Moodle XML, GIFT and Aiken): UTF-8 with or without a
 * byte-order mark, and UTF-16 (LE or BE) with one, are read. Anything else
 * is a 400 `not_utf8` that names the encoding the bytes look like, so an
 * administrator knows what to change in the editor's "Save as" dialog;
 * nothing is ever decoded into mojibake.
 */

const BOMS: {
  bytes: number[];
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | null;
  name: string;
}[] = [
  // UTF-32 first: its LE mark starts like UTF-16 LE's.
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: null, name: 'UTF-32 LE' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: null, name: 'UTF-32 BE' },
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8', name: 'UTF-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le', name: 'UTF-16 LE' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be', name: 'UTF-16 BE' },
];

const bomOf = (bytes: Uint8Array) =>
  BOMS.find((b) => b.bytes.length <= bytes.length && b.bytes.every((x, i) => bytes[i] === x));

/** The bytes windows-1252 leaves undefined: text holding them is not windows-1252 either. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * What a text that is not UTF-8 looks like, in words: UTF-16 without its
 * mark (every other byte zero), windows-1252 (the Western European "ANSI"
 * of Windows, of which ISO-8859-1 is a part), or an unknown encoding.
 */
export function guessEncoding(bytes: Uint8Array): string {
  const bom = bomOf(bytes);
  if (bom && !bom.encoding) return bom.name;
  const sample = bytes.subarray(0, 64 * 1024);
  const utf16 = utf16WithoutMark(sample);
  if (utf16) return `UTF-16 ${utf16 === 'utf-16le' ? 'LE' : 'BE'} without a byte-order mark`;
  let high = 0;
  for (const b of sample) {
    if (b === 0 || CP1252_UNDEFINED.has(b)) return 'an unknown encoding (it holds binary bytes)';
    if (b >= 0x80) high++;
  }
  return high
    ? 'windows-1252 (Western European, also called ANSI or Latin-1)'
    : 'an unknown encoding';
}

/**
 * UTF-16 without its mark: text in Latin letters has a zero in every other
 * byte (the high byte of each character), the odd ones in LE, the even in BE.
 */
function utf16WithoutMark(sample: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) i % 2 === 0 ? evenZeros++ : oddZeros++;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05) return 'utf-16le';
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05) return 'utf-16be';
  return null;
}

/** An uploaded text file as a string, or a 400 `not_utf8` naming the encoding it looks like. */
export function decodeTextFile(bytes: Uint8Array): string {
  const bom = bomOf(bytes);
  if (bom?.encoding) {
    try {
      // TextDecoder drops the mark itself.
      return new TextDecoder(bom.encoding, { fatal: true }).decode(bytes);
    } catch {
      throw notUtf8(`${bom.name} with damaged characters`);
    }
  }
  try {
    if (!bom) return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Told below.
  }
  throw notUtf8(guessEncoding(bytes));
}

const notUtf8 = (looksLike: string) =>
  new AppError(
    400,
    'not_utf8',
    `The file is not UTF-8 text: it looks like ${looksLike}. Save it as UTF-8 (or UTF-16 with a byte-order mark) and send it again`,
  );

/**
 * Whether the first bytes of an upload are text in some encoding, for the
 * upload's type sniffing: UTF-16 with its mark, or bytes with no NUL and no
 * control character but line breaks and tabs (any 8-bit encoding). The
 * reader then decodes the whole file with `decodeTextFile`, which refuses
 * what is not UTF-8 or UTF-16 in words (rather than a 415 "not a known
 * binary format").
 */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  const bom = bomOf(head);
  const utf16 =
    bom?.encoding === 'utf-16le' || bom?.encoding === 'utf-16be'
      ? bom.encoding
      : utf16WithoutMark(head);
  if (utf16) {
    const even = head.subarray(bom ? 2 : 0, head.length - (head.length % 2));
    return !hasControlCharacters(new TextDecoder(utf16).decode(even), true);
  }
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
    if (b === 0x7f || CP1252_UNDEFINED.has(b)) return false;
  }
  return true;
}
