// Resident memory of the real server process (compiled, plain node) on a
// fresh database: idle on an empty database on its first start, idle on
// another one holding the demo data, the peak during BENCH_SECONDS (60) of
// authenticated list requests (autocannon), and idle again after. PGlite by
// default; a fresh database on the server of DATABASE_URL when set. JSON out.
import autocannon from 'autocannon';
import {
  type ApiServer,
  buildStale,
  freshDatabase,
  rssMb,
  runApiCli,
  startApiServer,
} from '../support/api-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The lists the screens ask for, first pages and filtered ones. */
const LISTS = [
  '/api/book/getisbn?page=1&pageSize=20',
  '/api/book/getisbn?page=2&pageSize=50&search=science',
  '/api/book/getgrades',
  '/api/media/listofvideos?page=1&pageSize=20',
  '/api/media/listofaudios?page=1&pageSize=20',
  '/api/user/listofadmin?page=1&pageSize=20',
  '/api/audit?page=1&pageSize=20',
];

/** RSS once the process has settled: the median of five samples a second apart. */
async function idleMb(pid: number) {
  await sleep(SETTLE_MS);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(rssMb(pid));
    await sleep(1000);
  }
  return samples.sort((a, b) => a - b)[2]!;
}

async function listLoad(server: ApiServer) {
  const headers = { authorization: `Bearer ${server.token.access}` };
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 500);
  try {
    const r = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: LISTS.map((path) => ({ method: 'GET' as const, path, headers })),
    });
    return {
      seconds: SECONDS,
      requests: r.requests.total,
      requestsPerSecond: Math.round(r.requests.average),
      non2xx: r.non2xx,
      errors: r.errors,
      peakMb: peak,
    };
  } finally {
    clearInterval(sampler);
  }
}

buildStale('api');
const out: Record<string, unknown> = { bench: 'memory', unit: 'MB RSS of the server process' };
// An empty database on its first start (PGlite creates its files then).
const empty = await freshDatabase();
out.database = empty.kind;
try {
  const server = await startApiServer(empty.env);
  try {
    out.idleEmptyFirstStart = await idleMb(server.pid);
  } finally {
    await server.stop();
  }
} finally {
  await empty.drop();
}
// Demo data (curriculum, 50 books, media) loaded first, so the lists have pages to read.
const demo = await freshDatabase();
try {
  runApiCli('seed-demo', [], demo.env);
  const server = await startApiServer(demo.env);
  try {
    out.idleDemoData = await idleMb(server.pid);
    out.listLoad = await listLoad(server);
    out.idleAfterLoad = await idleMb(server.pid);
  } finally {
    await server.stop();
  }
} finally {
  await demo.drop();
}
out.target = empty.kind === 'pglite' ? '≤ 300 MB idle' : '≤ 200 MB idle';
console.log(JSON.stringify(out, null, 2));
