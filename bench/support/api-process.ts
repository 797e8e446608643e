// The real server as `npm start` runs it (compiled JavaScript on plain node),
// in its own process on a fresh database: a new PGlite data directory, or a
// new database on the server of DATABASE_URL (dropped by stop()). Mail goes
// to a real SMTP receiver, so the bench signs in as a person would.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { codeIn, startSmtpReceiver } from '../../apps/api/src/test/smtp-receiver.ts';

export const root = path.resolve(import.meta.dirname, '../..');
const apiDir = path.join(root, 'apps/api');

/** Builds what is stale (web app, compiled API), as `npm start` does. */
export function buildStale(...what: string[]) {
  execFileSync(process.execPath, ['scripts/build-stale.mjs', ...what], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

/**
 * CPU time a process has used (user + system), in seconds, from /proc
 * (Linux): steadier than wall time on a shared, loaded machine.
 */
export function cpuSeconds(pid: number): number {
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

type Env = Record<string, string>;

/** A fresh database for one bench run and the environment that points the API at it. */
export async function freshDatabase(keep?: string): Promise<{
  kind: 'pglite' | 'postgres';
  env: Env;
  drop(): Promise<void>;
}> {
  if (keep) return keptDatabase(keep);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bo_bench_${randomBytes(5).toString('hex')}`;
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await query(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database kept between runs under a fixed name (created when missing,
 * never dropped), for benches whose data takes long to load: the run after
 * the first one measures without loading again.
 */
async function keptDatabase(
  keep: string,
): Promise<{ kind: 'pglite' | 'postgres'; env: Env; drop(): Promise<void> }> {
  const name = `bo_bench_${keep.replace(/\W/g, '_')}`;
  const dataDir = path.join(tmpdir(), name);
  mkdirSync(dataDir, { recursive: true });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { kind: 'pglite', env: { DATA_DIR: dataDir }, drop: async () => {} };
  }
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {},
  };
}

/** Runs a compiled command-line tool of the API (e.g. seed-demo) to its end. */
export function runApiCli(name: string, args: string[], env: Env) {
  execFileSync(process.execPath, [path.join(apiDir, 'dist', `${name}.js`), ...args], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export interface ApiServer {
  url: string;
  pid: number;
  /** A signed-in super admin's tokens, as the web app keeps them. */
  token: { access: string; refresh: string };
  stop(): Promise<void>;
}

/**
 * The node options of the API's `npm start` (`node <flags> dist/server.js`),
 * so the bench measures the server with the same heap settings.
 */
function startNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
  const start: string = pkg.scripts.start;
  const match = /^node\s+(.*?)\s*dist\/server\.js$/.exec(start);
  if (!match)
    throw new Error(`apps/api's start script is not "node [flags] dist/server.js": ${start}`);
  return match[1] ? match[1].split(/\s+/) : [];
}

/** Starts the compiled server on `env`'s database and signs in its first super admin. */
export async function startApiServer(env: Env): Promise<ApiServer> {
  const smtp = await startSmtpReceiver();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_ARGS measures another build, e.g. `--import tsx <old checkout>/apps/api/src/server.ts`.
  const args = process.env.BENCH_SERVER_ARGS?.split(' ') ?? [
    ...startNodeFlags(),
    path.join(apiDir, 'dist/server.js'),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: url,
      LOG_LEVEL: 'warn',
      // Sign-in from one address many times in a row is the bench, not an attack.
      AUTH_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await smtp.close();
  };
  try {
    // Printed once the server listens on an install without admins.
    const setupLink = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start in 180 s')), 180_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = /(http\S+\/setup\?token=\S+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const post = async (p: string, body: object): Promise<Record<string, string>> => {
      const res = await fetch(url + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, string>;
    };
    const admin = { email: 'bench@example.test', password: 'bench passphrase 2026', name: 'Bench' };
    await post('/api/auth/setup', {
      token: new URL(setupLink).searchParams.get('token'),
      ...admin,
    });
    const { challengeId } = await post('/api/auth/login', admin);
    const mail = await smtp.waitFor((m) => m.subject.startsWith('Your sign-in code'), 30_000);
    const pair = await post('/api/auth/confirmotp', { challengeId, otp: codeIn(mail) });
    return {
      url,
      pid: child.pid!,
      token: { access: String(pair.accessToken), refresh: String(pair.refreshToken) },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
