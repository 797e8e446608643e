// Fails when the Drizzle schema and the committed migrations are out of step:
// drizzle-kit generates into a scratch copy of drizzle/ and must add nothing.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'bo-migrations-'));
try {
  cpSync(path.join(root, 'drizzle'), scratch, { recursive: true });
  const before = readdirSync(scratch).filter((f) => f.endsWith('.sql'));
  // drizzle-kit prefixes `--out` with './', so it must be relative to cwd; and
  // it prints some failures yet exits 0, so its output is read as well.
  const output = execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      path.relative(root, scratch),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (/error/i.test(output)) {
    console.error(`drizzle-kit failed:\n${output}`);
    process.exit(1);
  }
  const added = readdirSync(scratch).filter((f) => f.endsWith('.sql') && !before.includes(f));
  if (added.length) {
    console.error(
      `The schema has changes without a migration (drizzle-kit would add ${added.join(', ')}).\nRun: npm run db:generate -w apps/api and commit apps/api/drizzle/.`,
    );
    process.exit(1);
  }
  console.log('Migrations match the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
