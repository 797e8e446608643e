import { tokenizer as rangeTokenizer } from '@tokenizer/range';

/**
 * Duration read from a file's own headers, without ffprobe (not on every
 * machine) and without reading the whole file: `read` fetches a byte range
 * (inclusive offsets, as storage ranges are). WAV, MP3, FLAC, WebM/Matroska
 * (and short Ogg files) are read by music-metadata; MP4/MOV/M4A by the
 * `mvhd` box, found by walking box headers. Anything else, or a header that
 * does not parse, is null: duration is optional. Why MP4 stays our own and
 * the figures: docs/decisions.md, Media library.
 */
export type RangeReader = (start: number, end: number) => Promise<Buffer>;

export async function readDuration(
  read: RangeReader,
  size: number,
  contentType: string,
): Promise<number | null> {
  try {
    // music-metadata guesses from the bytes when the type names no parser:
    // a file stored as something else is not read as media.
    const seconds = ISO_BMFF.test(contentType)
      ? await mp4Duration(read, size)
      : /^(audio|video)\//.test(contentType)
        ? await metadataDuration(read, size, contentType)
        : null;
    return seconds !== null && Number.isFinite(seconds) && seconds >= 0
      ? Math.round(seconds * 1000) / 1000
      : null;
  } catch {
    return null;
  }
}

/**
 * Smallest range asked of storage. The parsers read tokens of a few bytes
 * (chunk and element headers); each would otherwise be one storage request
 * (an S3 GET). 4 KiB holds a WAV/FLAC header or an MP3's Xing frame.
 */
const MIN_READ = 4096;

async function metadataDuration(read: RangeReader, size: number, mimeType: string) {
  const fileInfo = { size, mimeType, acceptPartialRequests: true };
  // The storage range is the "range request" @tokenizer/range was made for:
  // it keeps what was read, so a peek then a read of the same bytes is one read.
  const tokenizer = await rangeTokenizer(
    {
      getHeadInfo: async () => fileInfo,
      getResponse: async (_method, range) => {
        const bytes = await read(range?.[0] ?? 0, range?.[1] ?? size - 1);
        return { ...fileInfo, arrayBuffer: async () => bytes };
      },
      abort: () => {},
    },
    { minimumChunkSize: MIN_READ },
  );
  // Loaded on first use, as exceljs is: most processes never read a duration.
  const { parseFromTokenizer } = await import('music-metadata');
  const { format } = await parseFromTokenizer(tokenizer, {
    // From headers only (Xing/VBRI or size over bit rate, STREAMINFO, the
    // WAV data size). `true` walks every Ogg page: the whole file, 6.7 s for
    // a 10-minute Opus file; so a long Ogg answers null, as it did before.
    duration: false,
    skipCovers: true,
    skipPostHeaders: true,
    // WebM: jump to the elements the SeekHead lists instead of reading each
    // cluster's header (a 20-minute file: 3 reads and 8 KB, not 284 and 1.2 MB).
    mkvUseIndex: true,
  });
  return format.duration ?? null;
}

/**
 * ISO base media files. music-metadata reads these too, but gives the first
 * audio track's own length (no edit list: +0.128 s on an 8 kHz AAC track),
 * none for a video without sound, and parses every sample table of `moov`
 * on the way (a 2-hour video: 6.1 MB read, 0.75 s). The movie header holds
 * the duration players show, 112 bytes away.
 */
const ISO_BMFF = /^(video|audio)\/(mp4|quicktime|x-m4v|x-m4a)$/;

/** Walks boxes by their headers only: `moov` may sit at the end of a large file. */
async function findBox(
  read: RangeReader,
  start: number,
  end: number,
  type: string,
): Promise<{ body: number; end: number } | null> {
  let at = start;
  for (let i = 0; i < 10_000 && at + 8 <= end; i++) {
    const head = await read(at, Math.min(at + 15, end - 1));
    let boxSize = head.readUInt32BE(0);
    let headerSize = 8;
    if (boxSize === 1) {
      if (head.length < 16) return null;
      boxSize = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = end - at;
    }
    if (boxSize < headerSize) return null;
    if (head.toString('latin1', 4, 8) === type) {
      return { body: at + headerSize, end: Math.min(at + boxSize, end) };
    }
    at += boxSize;
  }
  return null;
}

async function mp4Duration(read: RangeReader, size: number) {
  const moov = await findBox(read, 0, size, 'moov');
  if (!moov) return null;
  const mvhd = await findBox(read, moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const b = await read(mvhd.body, Math.min(mvhd.body + 31, mvhd.end - 1));
  const version = b[0];
  const timescale = version === 1 ? b.readUInt32BE(20) : b.readUInt32BE(12);
  const duration = version === 1 ? Number(b.readBigUInt64BE(24)) : b.readUInt32BE(16);
  if (!timescale) return null;
  return duration / timescale;
}
