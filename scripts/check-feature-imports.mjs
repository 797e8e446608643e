// The web's import rules, run by `npm run check`:
// - A web feature never imports another feature's internals: a file under
//   apps/web/src/features/a/ may import from features/b/ only through
//   features/b/index.ts(x), the feature's public entry. Shared code lives in
//   src/components and src/lib.
// - The web never imports a value from the contract's root '@bo/contract':
//   values come from their module ('@bo/contract/auth', …). The root imports
//   every module, so one value from it puts every feature's schemas (and zod)
//   into the bundle of the first screens (docs/performance.md). Type-only
//   imports from the root are erased by the compiler and stay allowed; test
//   files are not shipped and are not checked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
// `from '…'`, `import '…'`, `import('…')`, `export … from '…'`, `require('…')`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"]+)\1/g;
const ENTRY = /^index\.(ts|tsx|js|jsx)$/;

/** Every source file under `dir`, recursively. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/** The feature a path is in (its folder under `featuresDir`), and the rest of the path. */
function featureOf(featuresDir, file) {
  const rel = path.relative(featuresDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [feature, ...rest] = rel.split(path.sep);
  return rest.length ? { feature, inner: rest.join('/') } : null;
}

/**
 * The imports that break the rule, as `{ file, line, specifier }` (paths
 * relative to `featuresDir`). Only relative specifiers can reach a feature.
 */
export function findFeatureImports(featuresDir) {
  const found = [];
  for (const file of sourceFiles(featuresDir)) {
    const own = featureOf(featuresDir, file);
    if (!own) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const specifier = m[2];
      if (!specifier.startsWith('.')) continue;
      const target = featureOf(featuresDir, path.resolve(path.dirname(file), specifier));
      if (!target || target.feature === own.feature || ENTRY.test(target.inner)) continue;
      const line = text.slice(0, m.index).split('\n').length;
      found.push({ file: path.relative(featuresDir, file), line, specifier });
    }
  }
  return found;
}

const TEST_FILE = /\.test\.(ts|tsx|js|jsx|mjs)$/;
// Every static `import … from` / `export … from` statement and `import('…')`, with its clause.
const STATEMENT =
  /\b(import|export)\s+([^;]*?)\s*from\s*(['"])([^'"]+)\3|\bimport\s*\(\s*(['"])([^'"]+)\5/g;

/** True when an import or export clause brings no value: `type …`, or `{ type A, type B }`. */
function typeOnly(clause) {
  if (/^type\b/.test(clause)) return true;
  const names = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!names) return false;
  const parts = names[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((n) => /^type\s/.test(n));
}

/**
 * Value imports of the contract's root ('@bo/contract') in the web's shipped
 * files, as `{ file, line }` (paths relative to `webSrc`).
 */
export function findContractRootImports(webSrc) {
  const found = [];
  for (const file of sourceFiles(webSrc)) {
    if (TEST_FILE.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(STATEMENT)) {
      const specifier = m[4] ?? m[6];
      if (specifier !== '@bo/contract') continue;
      if (m[4] && typeOnly(m[2])) continue;
      const line = text.slice(0, m.index).split('\n').length;
      found.push({ file: path.relative(webSrc, file), line });
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const featuresDir = path.join(root, 'apps/web/src/features');
  const found = findFeatureImports(featuresDir);
  for (const f of found)
    console.error(
      `apps/web/src/features/${f.file}:${f.line}: imports ${f.specifier}, another feature's internals (share it through src/components or src/lib, or that feature's index.ts)`,
    );
  const webSrc = path.join(root, 'apps/web/src');
  const rootImports = findContractRootImports(webSrc);
  for (const f of rootImports)
    console.error(
      `apps/web/src/${f.file}:${f.line}: imports a value from '@bo/contract'; import it from its module ('@bo/contract/<module>') so the first screens do not load the whole contract (type-only imports may stay)`,
    );
  if (found.length || rootImports.length) process.exit(1);
  console.log(
    'Web imports: no feature imports another feature’s internals; no value comes from the contract’s root.',
  );
}
