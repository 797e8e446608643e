import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The API package's folder (apps/api), found from this file's place whether it
 * runs as source (src/lib) or compiled into one bundle (dist/): files shipped
 * beside the code, such as the migrations, are found from here.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle')) && existsSync(path.join(dir, 'package.json')))
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No API package folder above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(import.meta.dirname);
