import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';

/**
 * What a clean dry run of a large import worked out, kept on the server's
 * disk (DATA_DIR/import-kept) for the commit of the same file: a first
 * JSON line of what is known before the rows (`head`), one line per batch
 * (followed by its text, when it has one: a line kept as it is, neither
 * escaped into the batch's JSON nor parsed back), then a last line with
 * the run's answer. Named by the
 * file's sha256 and the import's name, so only the same bytes find it. A
 * commit takes it (a rename: of two commits at once only one gets it, the
 * other runs the full pass) and removes it when done; files left behind (a
 * dry run never committed, a restart mid-commit) go after KEEP_MS. A file
 * not found, on another instance or after a clean-up, only means the full
 * pass: what is kept is a shortcut, never needed for a correct answer.
 */

const KEEP_MS = 60 * 60 * 1000;

/** Bumped whenever what a batch line holds changes: an older file is not read. */
const FORMAT = 3;

const dirOf = (dataDir: string) => path.join(dataDir, 'import-kept');
const nameOf = (name: string, sha256: string) => `${name}-${sha256}-v${FORMAT}.ndjson`;

/** Removes kept files older than KEEP_MS (taken or half-written ones too). */
async function sweep(dir: string) {
  const now = Date.now();
  for (const f of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, f);
    const s = await stat(file).catch(() => null);
    if (s && now - s.mtimeMs > KEEP_MS) await rm(file, { force: true });
  }
}

export interface KeptWriter<B, End> {
  /** One batch, and its text (one line: e.g. JSON, which has no raw line breaks) if any. */
  add(batch: B, text?: string): Promise<void>;
  /** The run ended clean: the file is kept under its name. */
  finish(end: End): Promise<void>;
  /** The run had a problem (or failed): nothing is kept. */
  discard(): Promise<void>;
}

/**
 * A writer of the kept file. Keeping is a shortcut: a disk that refuses it
 * (full, read-only) never fails the dry run; nothing is kept then.
 */
export async function keepBatches<Head, B, End>(
  dataDir: string,
  name: string,
  sha256: string,
  head: Head,
): Promise<KeptWriter<B, End>> {
  const dir = dirOf(dataDir);
  const partial = path.join(dir, `${randomUUID()}.partial`);
  let failed = false;
  const out = await mkdir(dir, { recursive: true })
    .then(() => sweep(dir))
    .then(() => createWriteStream(partial).on('error', () => (failed = true)))
    .catch(() => null);
  const write = (value: unknown, text?: string) =>
    new Promise<void>((resolve) => {
      if (!out || failed) return resolve();
      const done = (err?: Error | null) => {
        if (err) failed = true;
        resolve();
      };
      if (text === undefined) out.write(`${JSON.stringify(value)}\n`, done);
      else {
        out.write(`${JSON.stringify(value)}\n`);
        out.write(text);
        out.write('\n', done);
      }
    });
  const close = async () => {
    if (!out) return;
    out.end();
    await finished(out).catch(() => (failed = true));
  };
  const discard = async () => {
    await close();
    await rm(partial, { force: true }).catch(() => undefined);
  };
  await write({ head });
  return {
    add(batch, text) {
      if (text === undefined) return write({ batch });
      // A text over several lines could not be read back: nothing is kept (never a failed run).
      if (text.includes('\n')) failed = true;
      return write({ batch, text: true }, text);
    },
    async finish(end) {
      await write({ end });
      await close();
      if (failed) return discard();
      await rename(partial, path.join(dir, nameOf(name, sha256))).catch(discard);
    },
    discard,
  };
}

/**
 * The lines of a file, read as they are asked for. (readline's iterator
 * reads ahead up to 1,024 lines: here, the whole file of a large import.)
 */
async function* linesOf(input: AsyncIterable<string>) {
  let parts: string[] = [];
  for await (const chunk of input) {
    let from = 0;
    for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', from)) {
      parts.push(chunk.slice(from, at));
      from = at + 1;
      yield parts.join('');
      parts = [];
    }
    if (from < chunk.length) parts.push(chunk.slice(from));
  }
  if (parts.length) yield parts.join('');
}

/** A kept batch as read back: the batch, and its text if it was kept with one. */
export interface KeptBatchRead<B> {
  batch: B;
  text?: string;
}

export interface KeptRun<Head, B, End> {
  head: Head;
  batches: AsyncGenerator<KeptBatchRead<B>>;
  /** The last line: read after every batch. */
  end(): End;
  remove(): Promise<void>;
}

/** The kept file of `sha256`, taken so no other commit reads it; null when there is none. */
export async function takeKept<Head, B, End>(
  dataDir: string,
  name: string,
  sha256: string,
): Promise<KeptRun<Head, B, End> | null> {
  const dir = dirOf(dataDir);
  const taken = path.join(dir, `${randomUUID()}.taken`);
  try {
    await rename(path.join(dir, nameOf(name, sha256)), taken);
  } catch {
    return null;
  }
  let last: End | undefined;
  const input = createReadStream(taken, { encoding: 'utf8', highWaterMark: 1024 * 1024 });
  const lines = linesOf(input);
  const first = await lines.next();
  const head = (JSON.parse(first.done ? '{}' : first.value) as { head: Head }).head;
  async function* batches() {
    for (let line = await lines.next(); !line.done; line = await lines.next()) {
      const value = JSON.parse(line.value) as { batch?: B; text?: true; end?: End };
      if ('end' in value) last = value.end;
      else if (!value.text) yield { batch: value.batch as B };
      else {
        const text = await lines.next();
        if (text.done) throw new Error('A kept import file ends within a batch');
        yield { batch: value.batch as B, text: text.value };
      }
    }
  }
  return {
    head,
    batches: batches(),
    end() {
      if (last === undefined) throw new Error('A kept import file ends without its answer');
      return last;
    },
    async remove() {
      input.destroy();
      await rm(taken, { force: true });
    },
  };
}
