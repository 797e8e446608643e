import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors.ts';
import {
  type ByteRange,
  isValidKey,
  type ListedFile,
  newKey,
  type Storage,
  type StoredFile,
} from './storage.ts';

/**
 * Files under one directory (`DATA_DIR/files`), outside any web root: the
 * content at `<key>` and its metadata at `<key>.json`. A file is written to a
 * temporary name and renamed once complete, so a reader never sees half a
 * file and a failed upload leaves nothing behind.
 */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    // isValidKey already excludes every path trick; this is the second lock.
    const file = path.resolve(base, key);
    if (!isValidKey(key) || !file.startsWith(`${base}${path.sep}`)) return null;
    return file;
  };

  async function stat_(key: string): Promise<StoredFile | null> {
    const file = fileOf(key);
    if (!file) return null;
    try {
      const meta = JSON.parse(await readFile(`${file}.json`, 'utf8')) as StoredFile;
      return { ...meta, key };
    } catch {
      return null;
    }
  }

  return {
    async put(body, { contentType }) {
      const key = newKey();
      const file = fileOf(key)!;
      const partial = `${file}.partial`;
      await mkdir(path.dirname(file), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, meter, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        const stored: StoredFile = { key, size, sha256: hash.digest('hex'), contentType };
        // The metadata last: a key without it is invisible to stat().
        await rename(partial, file);
        await writeFile(`${file}.json`, JSON.stringify(stored), { mode: 0o600 });
        return stored;
      } catch (err) {
        await Promise.all([rm(partial, { force: true }), rm(file, { force: true })]);
        throw err;
      }
    },

    async get(key, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key);
      if (!file) throw notFound('File');
      try {
        await stat(file);
      } catch {
        throw notFound('File');
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    stat: stat_,

    async delete(key) {
      const file = fileOf(key);
      if (!file) return;
      await Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
    },

    async *list(): AsyncIterable<ListedFile> {
      // Two fan-out levels, then the files; sidecars and partial uploads are not keys.
      for (const a of await entries(base)) {
        for (const b of await entries(path.join(base, a))) {
          for (const name of await entries(path.join(base, a, b))) {
            const key = `${a}/${b}/${name}`;
            if (!isValidKey(key)) continue;
            const info = await stat(path.join(base, key)).catch(() => null);
            if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
          }
        }
      }
    },
  };
}

/** A directory's entries; none when it does not exist (yet) or went away meanwhile. */
async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}
