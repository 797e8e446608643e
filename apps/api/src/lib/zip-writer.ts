import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A ZIP written whole in memory (a content package of questions and their
 * images: small enough to hold). Deflated entries with their CRC, UTF-8
 * names (flag bit 11), no ZIP64: refused past 65,535 entries or 4 GiB,
 * which no export here comes near. The reader side is import/xlsx/zip.ts.
 */
export interface ZipFile {
  name: string;
  data: Buffer;
  /** Kept as it is (method 0), as `zip -0` writes: for data that is already compressed. */
  stored?: boolean;
}

const UTF8_NAMES = 1 << 11;
const LIMIT = 0xffffffff;

export function writeZip(files: ZipFile[]): Buffer {
  if (files.length > 0xffff) throw new Error('A ZIP without ZIP64 holds at most 65,535 files');
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const packed = f.stored ? f.data : deflateRawSync(f.data);
    const method = f.stored ? 0 : 8;
    const crc = crc32(f.data);
    if (offset + packed.length > LIMIT) throw new Error('The ZIP would pass 4 GiB');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
