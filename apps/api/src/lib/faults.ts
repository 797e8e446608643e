import { AppError } from './errors.ts';
import { pgErrorOf } from './pg-errors.ts';

/**
 * Faults of what the server stands on (the database away, a disk full), told
 * apart from bugs: the error handler answers them with a code an operator
 * acts on instead of a 500 `internal`, and health reports them. See
 * docs/operations.md, "When the database goes away" and "When a disk is full".
 */

/** Set on errors the PostgreSQL pool met while connecting (db/postgres-pool.ts). */
const UNREACHABLE = Symbol('database unreachable');

/** Marks `err` as a failure to reach the database at all (refused, timed out, shutting down). */
export function markDatabaseUnreachable<E>(err: E): E {
  if (err && typeof err === 'object') (err as Record<symbol, boolean>)[UNREACHABLE] = true;
  return err;
}

/**
 * SQLSTATEs of a session the server ended or would not start: class 08
 * (connection exception), 57P01-57P05 (an administrator's terminate, a crash
 * or shutdown, "cannot connect now", the database dropped, an idle time-out)
 * and 53300 (too many connections).
 */
const SESSION_LOST = /^(08...|57P0[1-5]|53300)$/;
/**
 * What node-postgres says when a connection dies under it, or a query on it
 * gets no answer in time (a frozen database: db/postgres-pool.ts); these carry no code.
 */
const CONNECTION_LOST =
  /^Connection terminated|is not queryable|timeout exceeded when trying to connect|^Query read timeout$/;

/** SQLSTATE 53100: "could not extend file …: No space left on device" and the like. */
const DISK_FULL = '53100';
/** Errno codes of a write refused for want of space (quota included). */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);
const NO_SPACE_TEXT = /No space left on device|Disk quota exceeded/i;

/** Errors wrap their cause (drizzle wraps the driver's): every link of the chain, nearest first. */
function* chain(err: unknown) {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown; cause?: unknown; [UNREACHABLE]?: boolean };
    e = (e as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorOf(err)?.code;
  if (code && SESSION_LOST.test(code)) return true;
  for (const e of chain(err)) {
    if (e[UNREACHABLE]) return true;
    if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

export type FullStore = 'files' | 'database';

/** Which store ran out of space under `err`, if that is what it is. */
export function fullStoreOf(err: unknown): FullStore | undefined {
  if (pgErrorOf(err)?.code === DISK_FULL) return 'database';
  for (const e of chain(err)) {
    // A file system error (the file store's directory) carries its errno code.
    if (typeof e.code === 'string' && NO_SPACE.has(e.code)) return 'files';
    // PGlite reports its data directory's errno inside PostgreSQL's message.
    if (typeof e.message === 'string' && NO_SPACE_TEXT.test(e.message)) return 'database';
  }
  return undefined;
}

export const databaseUnavailable = () =>
  new AppError(
    503,
    'database_unavailable',
    'The database cannot be reached just now; nothing was changed. Try again in a moment.',
    undefined,
    { 'retry-after': '5' },
  );

const FULL_MESSAGE: Record<FullStore, string> = {
  files:
    'The file storage is full: there is no space left to store this file, and nothing was saved. An operator must free or add disk space.',
  database:
    'The database storage is full: there is no space left for this change, and nothing was saved. An operator must free or add disk space.',
};

export const storageFull = (store: FullStore) =>
  new AppError(507, 'storage_full', FULL_MESSAGE[store]);

/** How long health reports a store full after its last refused write, unless a write succeeds first. */
const FULL_REMEMBERED_MS = 5 * 60_000;

/**
 * One per app: turns faults into answers (the error handler) and keeps the
 * stores seen full (health reads it). A full disk cannot be
 * measured for every store (an object store, PostgreSQL's own disk), so
 * what is known is the last write refused for want of space: reported until
 * a write to that store succeeds or five minutes pass without another.
 */
export class Faults {
  private readonly fullSince = new Map<FullStore, number>();

  noteFull(store: FullStore) {
    this.fullSince.set(store, Date.now());
  }

  noteWritten(store: FullStore) {
    this.fullSince.delete(store);
  }

  isFull(store: FullStore): boolean {
    const at = this.fullSince.get(store);
    return at !== undefined && Date.now() - at < FULL_REMEMBERED_MS;
  }

  /**
   * The answer a fault deserves, or undefined when `err` is no fault of
   * this kind (then it is a bug: 500). A full store is remembered for health.
   */
  answerFor(err: unknown): AppError | undefined {
    if (isDatabaseUnavailable(err)) return databaseUnavailable();
    const full = fullStoreOf(err);
    if (!full) return undefined;
    this.noteFull(full);
    return storageFull(full);
  }
}
