import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const apiRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

export interface ServerProcess {
  base: string;
  pid: number;
  output(): string;
  /** Resolves with the line's match once the output holds `pattern`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /**
   * Sends `signal` (SIGTERM by default) and resolves with the exit code (null
   * when killed by a signal); a process still up 10 s after a SIGTERM is killed.
   */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * A real server process (`entry`, relative to apps/api: the product's
 * server.ts or a test entry over it), up and answering /api/health.
 */
export async function spawnServer(
  entry: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiRoot,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    base,
    pid: child.pid!,
    output: () => output,
    async waitFor(pattern, ms = 60_000) {
      const end = Date.now() + ms;
      for (;;) {
        const m = pattern.exec(output);
        if (m) return m;
        if (Date.now() > end || child.exitCode !== null)
          throw new Error(`no ${pattern} in the server output:\n${output.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 900 || child.exitCode !== null)
      throw new Error(`server did not start:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}
