import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './process.testing.ts';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin directory holding initdb and pg_ctl, if any. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((v) => path.join(POSTGRES_ROOT, v, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')));
}

/** Why a private cluster cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!postgresBinDir()) return `no initdb/pg_ctl under ${POSTGRES_ROOT}/*/bin`;
  if (isRoot() && !postgresUid()) return 'running as root and there is no `postgres` user';
  return undefined;
}

export interface PrivatePostgres {
  /** A connection URL to its `postgres` database. */
  url: string;
  /** Stops the server (fast shutdown: sessions are ended, as a DBA's restart does). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * Freezes the postmaster and every backend (SIGSTOP): connections stay
   * open but nothing answers, as with a hung host. `thaw` sends SIGCONT.
   */
  freeze(): void;
  thaw(): void;
  /** Stops it at once and removes its files. */
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster of the test's own, in a temporary directory
 * on a free port, that the test may stop and start at will: the machine's
 * shared cluster serves other test runs and must never be stopped. PostgreSQL
 * refuses to run as root, so as root its tools run as the `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`no PostgreSQL binaries under ${POSTGRES_ROOT}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-private-pg-'));
  const uid = isRoot() ? postgresUid() : undefined;
  if (uid !== undefined) chownSync(dir, uid.uid, uid.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const tool = (name: string, args: string[]) => {
    const file = path.join(bin, name);
    return uid !== undefined
      ? run('runuser', ['-u', 'postgres', '--', file, ...args])
      : run(file, args);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const pgCtl = (...args: string[]) =>
    tool('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', ...args]);

  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  await pgCtl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => void (await pgCtl('-m', 'fast', 'stop')),
    freeze: () => signalCluster(data, 'SIGSTOP'),
    thaw: () => signalCluster(data, 'SIGCONT'),
    start: async () => void (await pgCtl('-o', options, 'start')),
    async destroy() {
      // A frozen cluster would hold the stop signal until thawed.
      try {
        signalCluster(data, 'SIGCONT');
      } catch {}
      await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sends `signal` to the cluster's postmaster (its pid file's first line) and its children. */
function signalCluster(data: string, signal: NodeJS.Signals) {
  const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // The field after the parenthesised command name: state, then the parent's pid.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  for (const pid of [postmaster, ...children]) process.kill(pid, signal);
}

function isRoot() {
  return process.getuid?.() === 0;
}

/** The user PostgreSQL's files belong to: `postgres` as root, else the current user. */
export function postgresOwner(): { uid: number; gid: number } {
  return (
    (isRoot() && postgresUid()) || { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 }
  );
}

function postgresUid(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}
