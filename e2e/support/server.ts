import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** `npm run seed:demo -- --books N` on a data directory no server holds yet. */
async function seedDemo(dataDir: string, books: number, env: Record<string, string>) {
  await promisify(execFile)(
    process.execPath,
    ['apps/api/dist/seed-demo.js', '--books', String(books)],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env } },
  );
}

/**
 * The real server as `npm start` runs it (built SPA, embedded PGlite in a
 * fresh DATA_DIR), mailing to a real SMTP receiver. The first super admin is
 * made through the setup link the server prints, as a person would.
 * `demoBooks` loads the demo data (with that many books) before the start.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { setupAdmin?: boolean; demoBooks?: number } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
  if (opts.demoBooks !== undefined) await seedDemo(dataDir, opts.demoBooks, env);
  const smtp = await startSmtpReceiver();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
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
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /(http\S+\/setup\?token=\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${stderr}`)));
  });
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
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
