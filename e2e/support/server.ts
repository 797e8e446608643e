import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { freePort } from '../../apps/api/src/test/process.testing.ts';
import {
  codeIn,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../apps/api/src/test/smtp-receiver.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  smtp: SmtpReceiver;
  dataDir: string;
  /** The first super admin, created through the printed setup link. */
  admin: { email: string; password: string; name: string };
  /** The one-time first-admin link the server printed. */
  setupLink: string;
  /** Waits for the next sign-in code mailed to `email`. */
  nextCode(email: string): Promise<string>;
  stop(): Promise<void>;
}

/** `npm run seed:demo -- --books N` on a data directory no server holds yet. */
async function seedDemo(dataDir: string, books: number, env: Record<string, string>) {
  await promisify(execFile)(
    process.execPath,
    ['apps/api/dist/seed-demo.js', '--books', String(books)],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env } },
  );
}

/** Options of `startServer`. */
export interface ServerOptions {
  /** False: no first super admin (the setup link stays unused). */
  setupAdmin?: boolean;
  /** Loads the demo data (with that many books) before the start. */
  demoBooks?: number;
  /**
   * A new, empty data directory, as on a first start ever. Otherwise the
   * directory is a copy of one a server has already started on (see
   * global-setup.ts): the same empty database, ~2 s sooner per test file.
   */
  fresh?: boolean;
}

/** The environment variable global-setup.ts names the started data directory in. */
export const STARTED_DATA_DIR = 'BO_E2E_STARTED_DATA_DIR';

/**
 * The real server as `npm start` runs it (built SPA, embedded PGlite in its
 * own DATA_DIR), mailing to a real SMTP receiver. The first super admin is
 * made through the setup link the server prints, as a person would.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: ServerOptions = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
  const started = process.env[STARTED_DATA_DIR];
  // cp(1), not fs.cpSync: the directory's ~1,600 files took cpSync ~1 s on a
  // busy machine, cp ~0.3 s.
  if (started && !opts.fresh) await promisify(execFile)('cp', ['-R', `${started}/.`, dataDir]);
  if (opts.demoBooks !== undefined) await seedDemo(dataDir, opts.demoBooks, env);
  const smtp = await startSmtpReceiver();
  const { child, url, setupLink } = await spawnServer(dataDir, smtp.url, env);
  const admin = {
    email: 'chief@example.test',
    password: 'e2e passphrase 2026',
    name: 'Chief Editor',
  };
  if (opts.setupAdmin !== false) {
    const token = new URL(setupLink).searchParams.get('token')!;
    const res = await fetch(`${url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, ...admin }),
    });
    if (!res.ok) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
  }
  const seen = new Set<unknown>();
  return {
    url,
    smtp,
    dataDir,
    admin,
    setupLink,
    async nextCode(email) {
      const mail = await smtp.waitFor(
        (m) => m.to.includes(email) && m.subject.startsWith('Your sign-in code') && !seen.has(m),
        10_000,
      );
      seen.add(mail);
      return codeIn(mail);
    },
    async stop() {
      await stopServer(child);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server process on `dataDir`, once it has printed its setup link (or failed to start). */
export async function spawnServer(
  dataDir: string,
  smtpUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; setupLink: string }> {
  // The port is chosen free but taken only once the server has started (~10 s
  // on a busy machine): another process may take it meanwhile (palette.e2e
  // failed so, EADDRINUSE). Then the start is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnPort(await freePort(), dataDir, smtpUrl, env);
    } catch (err) {
      if (attempt === 3 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

async function spawnOnPort(
  port: number,
  dataDir: string,
  smtpUrl: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; setupLink: string }> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      PUBLIC_BASE_URL: url,
      LOG_LEVEL: 'warn',
      INIT_CWD: root,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const setupLink = await new Promise<string>((resolve, reject) => {
    // A server that never printed its link is killed: left running, it would
    // hold its port and CPU for the rest of the run (and keep the run alive).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 60 s:\n${stderr}`));
    }, 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /(http\S+\/setup\?token=\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}:\n${stderr}`));
    });
  });
  return { child, url, setupLink };
}

/** SIGTERM, as an operator stops it, and the process gone. */
export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
}
