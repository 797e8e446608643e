import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite corrupts a data directory that two processes open, so one process
 * owns it: an O_EXCL lock file naming the holder. A lock left by a dead
 * process on this host is taken over. A holder still alive on this host is
 * waited for a few seconds: right after `kill -9` the old process may not be
 * gone yet (or linger as a zombie), and a restart must not fail for that. A
 * holder that stays, or one on another host, makes the opener fail with its name.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DirLock {
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  purpose: string;
  since: string;
}

/** How long a live holder on this host is waited for before giving up. */
export const LOCK_WAIT_MS = 5000;

export async function lockDataDir(
  dir: string,
  purpose: string,
  waitMs = LOCK_WAIT_MS,
): Promise<DirLock> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'LOCK');
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    purpose,
    since: new Date().toISOString(),
  };
  const deadline = Date.now() + waitMs;
  for (;;) {
    const lock = tryCreate(file, me);
    if (lock) return lock;
    const holder = readHolder(file);
    if (holder && holder.host === me.host && !isAlive(holder.pid)) {
      removeIfSame(file, holder);
      continue;
    }
    // A holder writes its name right after creating the file; an unreadable
    // lock that is not brand new was left by a crash in between.
    if (!holder && ageMs(file) > 5000) {
      removeIfSame(file, holder);
      continue;
    }
    const waitable = !holder || (holder.host === me.host && holder.pid !== process.pid);
    if (waitable && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const who = holder
      ? `process ${holder.pid} on ${holder.host} (${holder.purpose}, since ${holder.since})`
      : 'another process';
    throw new DataDirLockedError(
      `The data directory ${dir} is in use by ${who}. Stop it first: two processes opening one PGlite directory corrupt it.`,
    );
  }
}

function tryCreate(file: string, me: Holder): DirLock | undefined {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw err;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        unlinkSync(file);
      } catch {
        // already gone: nothing to release
      }
    },
  };
}

/** Removes the lock file only if it still names the same holder (another taker may have won). */
function removeIfSame(file: string, holder: Holder | null) {
  if (JSON.stringify(readHolder(file)) !== JSON.stringify(holder)) return;
  try {
    unlinkSync(file);
  } catch {
    // taken over by another opener meanwhile
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readHolder(file: string): Holder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Alive and not a zombie: a killed process whose parent has not reaped it holds nothing. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Linux: the state letter follows the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return true;
  }
}
