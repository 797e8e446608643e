import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './browser.ts';

/** Fails at once, in one line, when the browser or the built app is missing. */
export default function setup() {
  const browser = chromiumPath();
  if (!existsSync(browser)) {
    throw new Error(
      `Chromium not found at ${browser}: install it with 'apt-get install -y chromium' or set CHROMIUM_PATH.`,
    );
  }
  const index = path.resolve(import.meta.dirname, '../../apps/web/dist/index.html');
  if (!existsSync(index)) {
    throw new Error(`The web app is not built (${index} missing): run 'npm run build' first.`);
  }
}
