import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpReceiver } from '../../apps/api/src/test/smtp-receiver.ts';
import { ensureChromium } from './chromium.ts';
import { STARTED_DATA_DIR, spawnServer, stopServer } from './server.ts';

/**
 * Fails at once, in one line, when the browser (and no way to install it) or a
 * build is missing; then readies the data directory test servers start from.
 */
export default async function setup() {
  ensureChromium();
  for (const built of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
    const file = path.resolve(import.meta.dirname, '../..', built);
    if (!existsSync(file)) {
      throw new Error(`The app is not built (${file} missing): run 'npm run build' first.`);
    }
  }
  // A server's first start creates and migrates its database and installs the
  // job queue (~7 s); a later start finds them (~2 s). One server starts here,
  // and each test file's server starts on a copy of its directory
  // (server.ts); setup.e2e.ts keeps the very first start.
  const started = mkdtempSync(path.join(tmpdir(), 'bo-e2e-started-'));
  const smtp = await startSmtpReceiver();
  try {
    const { child } = await spawnServer(started, smtp.url);
    await stopServer(child);
  } finally {
    await smtp.close();
  }
  process.env[STARTED_DATA_DIR] = started;
  return () => rmSync(started, { recursive: true, force: true });
}
