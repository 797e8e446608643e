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
 * owns it: an O_EXCL lock file naming the holder. A second opener fails at
 * once with that name; a lock left by a dead process on this host is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DirLock {
  release(): void;
}

export function lockDataDir(dir: string, purpose: string): DirLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'LOCK');
  const me = { pid: process.pid, host: hostname(), purpose, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
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
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holder.host === me.host && !isAlive(holder.pid)) {
        unlinkSync(file);
        continue;
      }
      // A holder writes its name right after creating the file; an unreadable
      // lock that is not brand new was left by a crash in between.
      if (!holder && Date.now() - statSync(file).mtimeMs > 5000) {
        unlinkSync(file);
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
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

function readHolder(
  file: string,
): { pid: number; host: string; purpose: string; since: string } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
