// Compiles the server and the command-line tools to plain JavaScript in
// dist/, so they run on `node` without a TypeScript loader. Dependencies stay
// in node_modules (external); the workspace contract, which ships as
// TypeScript, is bundled in.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@bo/'));

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'seed-demo': 'src/cli/seed-demo.ts',
    'files-sweep': 'src/cli/files-sweep.ts',
    'restore-drill': 'src/cli/restore-drill.ts',
    'reports-rebuild': 'src/cli/reports-rebuild.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
