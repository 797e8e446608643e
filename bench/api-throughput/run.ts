// Authenticated GET /api/auth/me against a bare Fastify hello-world, both
// measured with autocannon in this run; prints JSON with both rates and
// their ratio (target ≥ 0.4). Servers run in their own processes so the
// load generator does not share their event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const here = import.meta.dirname;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startServer(
  script: string,
): Promise<{ child: ChildProcess; info: { port: number; token?: string } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

async function measure(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, headers, connections, duration: 2 });
  const r = await autocannon({ url, headers, connections, duration });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const hello = await startServer('hello-server.ts');
const baseline = await measure(`http://127.0.0.1:${hello.info.port}/`);
await stop(hello.child);

const api = await startServer('api-server.ts');
const me = await measure(`http://127.0.0.1:${api.info.port}/api/auth/me`, {
  authorization: `Bearer ${api.info.token}`,
});
await stop(api.child);

const ratio = Number((me.requestsPerSecond / baseline.requestsPerSecond).toFixed(3));
console.log(
  JSON.stringify(
    {
      benchmark: 'api-throughput',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      durationSeconds: duration,
      connections,
      helloWorld: baseline,
      authMe: me,
      ratio,
      target: 0.4,
      pass: ratio >= 0.4 && me.non2xx === 0 && me.errors === 0,
    },
    null,
    2,
  ),
);
