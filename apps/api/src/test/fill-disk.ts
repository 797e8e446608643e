import { closeSync, openSync, writeSync } from 'node:fs';

/** Writes zeros into `file` until its file system has no room left (tests of a full disk). */
export function fillUp(file: string) {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}
