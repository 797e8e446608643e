import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { findContractRootImports, findFeatureImports } from './check-feature-imports.mjs';

// A small features folder on disk, written file by file.
const root = mkdtempSync(path.join(tmpdir(), 'feature-imports-'));
after(() => rmSync(root, { recursive: true, force: true }));
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

write('toc/index.ts', "export { TocSection } from './components/toc-section.tsx';\n");
write('toc/components/toc-section.tsx', "import { useToc } from '../api/toc-api.ts';\n");
write('toc/api/toc-api.ts', "import { apiCall } from '../../../lib/api-client.ts';\n");
write(
  'books/routes/book-page.tsx',
  [
    "import { TocSection } from '../../toc/index.ts';",
    "import { uploadPdf } from '../../toc/api/toc-api.ts';",
    "const lazy = () => import('../../toc/components/toc-section.tsx');",
    "import { BookCover } from '../components/book-cover.tsx';",
    "import { Button } from '@mantine/core';",
    '',
  ].join('\n'),
);
write(
  'books/components/book-cover.tsx',
  "export * from '../../media/components/tag-selects.tsx';\n",
);
write(
  'media/components/tag-selects.tsx',
  "import { x } from '../../../components/filter-bar.tsx';\n",
);

describe('findFeatureImports', () => {
  it("names each import of another feature's internals, with its file and line", () => {
    const found = findFeatureImports(root).sort((a, b) =>
      `${a.file}:${a.line}`.localeCompare(`${b.file}:${b.line}`),
    );
    assert.deepEqual(found, [
      {
        file: path.join('books', 'components', 'book-cover.tsx'),
        line: 1,
        specifier: '../../media/components/tag-selects.tsx',
      },
      {
        file: path.join('books', 'routes', 'book-page.tsx'),
        line: 2,
        specifier: '../../toc/api/toc-api.ts',
      },
      {
        file: path.join('books', 'routes', 'book-page.tsx'),
        line: 3,
        specifier: '../../toc/components/toc-section.tsx',
      },
    ]);
  });

  it('passes a feature that imports only itself, shared code and public entries', () => {
    rmSync(path.join(root, 'books'), { recursive: true });
    assert.deepEqual(findFeatureImports(root), []);
  });
});

describe('findContractRootImports', () => {
  const web = mkdtempSync(path.join(tmpdir(), 'contract-imports-'));
  after(() => rmSync(web, { recursive: true, force: true }));
  const put = (file, lines) => {
    mkdirSync(path.dirname(path.join(web, file)), { recursive: true });
    writeFileSync(path.join(web, file), [...lines, ''].join('\n'));
  };

  it('names each value import of the root, and passes types, modules and tests', () => {
    put('lib/ok.ts', [
      "import type { Book, RouteDef } from '@bo/contract';",
      'import type {',
      '  Job,',
      '  Toc,',
      "} from '@bo/contract';",
      "import { type Admin, type Media } from '@bo/contract';",
      "import { bookRoutes } from '@bo/contract/books';",
      "export type { Book } from '@bo/contract';",
    ]);
    put('lib/bad.ts', [
      "import { routes } from '@bo/contract';",
      "import { type Book, bookSchema } from '@bo/contract';",
      "import * as contract from '@bo/contract';",
      "export { routes } from '@bo/contract';",
      "const lazy = () => import('@bo/contract');",
    ]);
    put('lib/bad.test.ts', ["import { routes } from '@bo/contract';"]);
    const bad = path.join('lib', 'bad.ts');
    assert.deepEqual(
      findContractRootImports(web).sort((a, b) => a.line - b.line),
      [1, 2, 3, 4, 5].map((line) => ({ file: bad, line })),
    );
  });
});
