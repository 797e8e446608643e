// The import rules of `npm run check` (.dependency-cruiser.cjs), run on a
// small tree on disk laid out like the repository: each rule refuses its
// kind of import and lets the allowed ones through.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cruise } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';

const repo = path.resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(path.join(repo, '.dependency-cruiser.cjs'));
const babelConfig = await extractBabelConfig(path.join(repo, config.options.babelConfig.fileName));

const root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
after(() => rmSync(root, { recursive: true, force: true }));
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

/** The violations of the tree as `rule: from -> to`, sorted. */
async function violations() {
  const { cache: _, ...options } = config.options;
  const result = await cruise(
    ['apps', 'packages'],
    { ...options, babelConfig: undefined, baseDir: root, validate: true, ruleSet: config },
    {},
    { babelConfig },
  );
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

const API = 'apps/api/src';
write(`${API}/lib/errors.ts`, 'export const e = 1;\n');
write(
  `${API}/lib/bulk.ts`,
  "import { x } from '../modules/audit/audit.service.ts';\nexport const b = x;\n",
);
write(
  `${API}/lib/types-only.ts`,
  "import type { X } from '../modules/audit/audit.service.ts';\nexport type Y = X;\n",
);
write(
  `${API}/modules/audit/audit.service.ts`,
  "import { e } from '../../lib/errors.ts';\nexport const x = e;\nexport type X = number;\n",
);
write(`${API}/modules/audit/index.ts`, "export { x } from './audit.service.ts';\n");
write(
  `${API}/modules/books/books.service.ts`,
  "import { x } from '../audit/index.ts';\nimport { y } from '../audit/audit.service.ts';\nexport const z = [x, y];\n",
);
write(
  `${API}/modules/books/books.test.ts`,
  "import { x } from '../audit/audit.service.ts';\nexport const t = x;\n",
);
write(
  `${API}/jobs/registry.ts`,
  "import { z } from '../modules/books/books.service.ts';\nexport const JOBS = [z];\n",
);
write(`${API}/app.ts`, "import { JOBS } from './jobs/registry.ts';\nexport const a = JOBS;\n");
write(
  `${API}/modules/toc/toc.a.ts`,
  "import { b } from './toc.b.ts';\nexport const a = () => b;\n",
);
write(
  `${API}/modules/toc/toc.b.ts`,
  "import { a } from './toc.a.ts';\nexport const b = () => a;\n",
);
write(
  `${API}/modules/toc/toc.lazy.ts`,
  "export const load = () => import('./toc.back.ts');\nexport const c = 1;\n",
);
write(
  `${API}/modules/toc/toc.back.ts`,
  "import { c } from './toc.lazy.ts';\nexport const d = c;\n",
);
write(
  `${API}/modules/books/books.boot.ts`,
  "import { start } from '../../server.ts';\nexport const boot = start;\n",
);
write(`${API}/server.ts`, 'export const start = 1;\n');
const WEB = 'apps/web/src';
write(`${WEB}/features/toc/index.ts`, "export { s } from './components/toc-section.tsx';\n");
write(`${WEB}/features/toc/components/toc-section.tsx`, 'export const s = () => <div />;\n');
write(
  `${WEB}/features/books/book-page.tsx`,
  "import { s } from '../toc/index.ts';\nimport { s as t } from '../toc/components/toc-section.tsx';\nexport const p = () => [s, t];\n",
);
write(
  `${WEB}/features/books/contract.ts`,
  "import type { R } from '../../../../../packages/contract/src/index.ts';\nimport { v } from '../../../../../packages/contract/src/index.ts';\nimport { w } from '../../../../../packages/contract/src/auth.ts';\nexport type Q = R;\nexport const u = [v, w];\n",
);
write('packages/contract/src/index.ts', 'export const v = 1;\nexport type R = number;\n');
write('packages/contract/src/auth.ts', 'export const w = 1;\n');

describe('the import rules', () => {
  it('refuse each kind of import they name, and only those', async () => {
    assert.deepEqual(await violations(), [
      `api-layer-below-modules: ${API}/lib/bulk.ts -> ${API}/modules/audit/audit.service.ts`,
      `api-module-internals: ${API}/modules/books/books.service.ts -> ${API}/modules/audit/audit.service.ts`,
      `api-modules-below-root: ${API}/modules/books/books.boot.ts -> ${API}/server.ts`,
      `no-cycles: ${API}/modules/toc/toc.a.ts -> ${API}/modules/toc/toc.b.ts`,
      `web-contract-root-values: ${WEB}/features/books/contract.ts -> packages/contract/src/index.ts`,
      `web-feature-internals: ${WEB}/features/books/book-page.tsx -> ${WEB}/features/toc/components/toc-section.tsx`,
    ]);
  });
});
