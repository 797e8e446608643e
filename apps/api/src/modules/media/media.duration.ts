/**
 * Duration read from a file's own headers, without ffprobe (not on every
 * machine) and without reading the whole file: `read` fetches a byte range
 * (inclusive offsets, as storage ranges are). MP4/MOV/M4A: the `mvhd` box;
 * WAV: `fmt ` byte rate and `data` size; MP3: the Xing/Info/VBRI frame count
 * or, for constant bit rate, size over bit rate; FLAC: STREAMINFO. Anything
 * else, or a header that does not parse, is null: duration is optional.
 */
export type RangeReader = (start: number, end: number) => Promise<Buffer>;

export async function readDuration(
  read: RangeReader,
  size: number,
  contentType: string,
): Promise<number | null> {
  try {
    const seconds = await byType(read, size, contentType);
    return seconds !== null && Number.isFinite(seconds) && seconds >= 0
      ? Math.round(seconds * 1000) / 1000
      : null;
  } catch {
    return null;
  }
}

function byType(read: RangeReader, size: number, type: string) {
  if (/^(video|audio)\/(mp4|quicktime|x-m4v|x-m4a)$/.test(type)) return mp4Duration(read, size);
  if (type === 'audio/wav' || type === 'audio/x-wav') return wavDuration(read, size);
  if (type === 'audio/mpeg') return mp3Duration(read, size);
  if (type === 'audio/flac' || type === 'audio/x-flac') return flacDuration(read);
  return Promise.resolve(null);
}

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

async function wavDuration(read: RangeReader, size: number) {
  const b = await read(0, Math.min(size, 65_536) - 1);
  if (b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') return null;
  let at = 12;
  let byteRate = 0;
  while (at + 8 <= b.length) {
    const id = b.toString('latin1', at, at + 4);
    const chunkSize = b.readUInt32LE(at + 4);
    if (id === 'fmt ') byteRate = b.readUInt32LE(at + 16);
    if (id === 'data') {
      if (!byteRate) return null;
      // Streamed WAVs leave the size at 0 or 0xFFFFFFFF: count what is there.
      const available = size - (at + 8);
      const data = chunkSize === 0 || chunkSize > available ? available : chunkSize;
      return data / byteRate;
    }
    at += 8 + chunkSize + (chunkSize % 2);
  }
  return null;
}

const MP3_BITRATES = {
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l3: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES = [44_100, 48_000, 32_000];

async function mp3Duration(read: RangeReader, size: number) {
  let b = await read(0, Math.min(size, 16_384) - 1);
  let offset = 0;
  if (b.toString('latin1', 0, 3) === 'ID3') {
    // Synchsafe size: 7 bits per byte.
    const tag =
      ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
    offset = 10 + tag + (b[5]! & 0x10 ? 10 : 0);
    b = await read(offset, Math.min(size, offset + 16_384) - 1);
  }
  let i = 0;
  while (i + 4 <= b.length && !(b[i] === 0xff && (b[i + 1]! & 0xe0) === 0xe0)) i++;
  if (i + 4 > b.length) return null;
  const h = b.readUInt32BE(i);
  const versionBits = (h >>> 19) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
  const layerBits = (h >>> 17) & 3; // 1 = Layer III
  if (versionBits === 1 || layerBits !== 1) return null;
  const mpeg1 = versionBits === 3;
  const bitrate = (mpeg1 ? MP3_BITRATES.v1l3 : MP3_BITRATES.v2l3)[(h >>> 12) & 15];
  const baseRate = MP3_RATES[(h >>> 10) & 3];
  if (!bitrate || !baseRate) return null;
  const sampleRate = mpeg1 ? baseRate : versionBits === 2 ? baseRate / 2 : baseRate / 4;
  const samplesPerFrame = mpeg1 ? 1152 : 576;
  const mono = ((h >>> 6) & 3) === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const xing = i + 4 + sideInfo;
  const tag = b.toString('latin1', xing, xing + 4);
  if ((tag === 'Xing' || tag === 'Info') && b.readUInt32BE(xing + 4) & 1) {
    return (b.readUInt32BE(xing + 8) * samplesPerFrame) / sampleRate;
  }
  if (b.toString('latin1', i + 36, i + 40) === 'VBRI') {
    return (b.readUInt32BE(i + 36 + 14) * samplesPerFrame) / sampleRate;
  }
  return ((size - offset - i) * 8) / (bitrate * 1000);
}

async function flacDuration(read: RangeReader) {
  const b = await read(0, 41);
  if (b.toString('latin1', 0, 4) !== 'fLaC' || (b[4]! & 0x7f) !== 0) return null;
  const info = b.subarray(8);
  const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const total = (info[13]! & 0x0f) * 2 ** 32 + info.readUInt32BE(14);
  return sampleRate ? total / sampleRate : null;
}
