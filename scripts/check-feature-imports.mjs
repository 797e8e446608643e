// Fails when a web feature imports another feature's internals: a file under
// apps/web/src/features/a/ may import from features/b/ only through
// features/b/index.ts(x), the feature's public entry. Shared code lives in
// src/components and src/lib. Run by `npm run check`.
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const featuresDir = path.join(root, 'apps/web/src/features');
  const found = findFeatureImports(featuresDir);
  for (const f of found)
    console.error(
      `apps/web/src/features/${f.file}:${f.line}: imports ${f.specifier}, another feature's internals (share it through src/components or src/lib, or that feature's index.ts)`,
    );
  if (found.length) process.exit(1);
  console.log('Feature imports: no feature imports another feature’s internals.');
}
