import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.ts';

/** Fails at once, in one line, when the browser (and no way to install it) or the built app is missing. */
export default function setup() {
  ensureChromium();
  const index = path.resolve(import.meta.dirname, '../../apps/web/dist/index.html');
  if (!existsSync(index)) {
    throw new Error(`The web app is not built (${index} missing): run 'npm run build' first.`);
  }
}
