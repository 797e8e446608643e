import { readFileSync } from 'node:fs';
import { routes } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { PATHS_INDEX_FILE, pathsIndex } from '../../scripts/paths-index.ts';

describe('docs/paths.md', () => {
  const index = pathsIndex();

  it('is what the route table makes now (else run `npm run docs:paths -w apps/api`)', () => {
    expect(readFileSync(PATHS_INDEX_FILE, 'utf8')).toBe(index);
  });

  it("lists every route once, each with its handler's file", () => {
    const rows = index.split('\n').filter((line) => /^\| (GET|POST) /.test(line));
    expect(rows).toHaveLength(Object.keys(routes).length);
    expect(rows.filter((row) => row.includes('(not found)'))).toEqual([]);
  });
});
