// Builds what is missing or stale: the web app (apps/web/dist) and the
// compiled API (apps/api/dist). A build is stale when the content of its
// inputs changed since it was made (a hash stored beside the output), so a
// checkout or a touched file without changes rebuilds nothing.
// Usage: node scripts/build-stale.mjs [web|api ...] [--force]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const contract = ['packages/contract/src', 'packages/contract/package.json'];
const lock = 'package-lock.json';

const TARGETS = {
  web: {
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html'],
    configs: ['apps/web/vite.config.ts', 'apps/web/package.json', ...contract, lock],
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist/.build-hash',
    workspace: 'apps/web',
  },
  api: {
    inputs: ['apps/api/src', 'apps/api/scripts/build.mjs'],
    configs: ['apps/api/package.json', ...contract, lock],
    output: 'apps/api/dist/server.js',
    stamp: 'apps/api/dist/.build-hash',
    workspace: 'apps/api',
  },
};

/** Every file under the inputs, tests left out (they are not part of a build). */
function files(rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (
    !readdirSync(path.dirname(full), { withFileTypes: true })
      .find((e) => e.name === path.basename(full))
      ?.isDirectory()
  )
    return [rel];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !f.split(path.sep).includes('test'));
}

function inputHash(target) {
  const hash = createHash('sha256');
  for (const file of [...target.inputs, ...target.configs].flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names.length ? names : Object.keys(TARGETS)) {
  const target = TARGETS[name];
  if (!target) throw new Error(`Unknown build "${name}": use ${Object.keys(TARGETS).join(', ')}`);
  const hash = inputHash(target);
  const stampFile = path.join(root, target.stamp);
  const built =
    existsSync(path.join(root, target.output)) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === hash;
  if (built && !force) {
    console.log(`${name}: up to date`);
    continue;
  }
  console.log(`${name}: building`);
  execFileSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  writeFileSync(stampFile, hash);
}
