import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Relative paths of every file below `root`, sorted; none when it does not exist. */
export async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
      .sort();
  } catch {
    return [];
  }
}
