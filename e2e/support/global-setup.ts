import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.ts';

/** Fails at once, in one line, when the browser (and no way to install it) or a build is missing. */
export default function setup() {
  ensureChromium();
  for (const built of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
    const file = path.resolve(import.meta.dirname, '../..', built);
    if (!existsSync(file)) {
      throw new Error(`The app is not built (${file} missing): run 'npm run build' first.`);
    }
  }
}
