// QR codes, one JSON: the compiled server on a fresh database (PGlite, or a
// new database on DATABASE_URL's server). (1) BENCH_CODES (1,000) codes
// generated for a book and printed as a 21-per-sheet PDF, in seconds
// (target ≤ 5 s together). (2) The public scan address GET /q/<code> under
// autocannon for BENCH_SECONDS (30) with BENCH_CONNECTIONS (10): requests/s,
// p50/p99 (target p99 ≤ 50 ms), and the scans stored against the redirects
// answered (target: equal, nothing lost). The scan rate limit is raised for
// the run (QR_SCAN_RATE_LIMIT): the bench is one IP by design.
import autocannon from 'autocannon';
import { buildStale, freshDatabase, startApiServer } from '../support/api-process.ts';

const CODES = Number(process.env.BENCH_CODES ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

buildStale();
const database = await freshDatabase();
const server = await startApiServer({
  ...database.env,
  QR_SCAN_RATE_LIMIT: '100000000',
  LEARNER_APP_URL: 'https://learn.example.test',
  // The codes encode this machine's loopback address, where the bench scans them.
  QR_LOCAL_TRIAL: 'true',
});
const call = async (path: string, body?: object) => {
  const res = await fetch(`${server.url}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${server.token.access}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
};
const json = async <T>(path: string, body?: object) =>
  (await call(path, body)).json() as Promise<T>;

try {
  const book = await json<{ id: number }>('/book/createbookcontent', {
    isbn: '9780306406157',
    title: 'Bench: a book with many codes',
  });
  const toc = await json<{ nodes: { id: number }[] }>('/book/addtocnode', {
    bookId: book.id,
    title: 'Unit 1: where the scanned code points',
    kind: 'unit',
  });
  const nodeId = toc.nodes[0]!.id;
  await json('/book/checkmappingandassign', {
    nodeId,
    kind: 'link',
    url: 'https://example.test/unit-1',
    title: 'Unit 1 video',
  });

  // (1) Generate and print.
  let t0 = performance.now();
  await json('/book/generateqrcode', { mode: 'nodes', bookId: book.id });
  const queued = await json<{ jobId: string | null }>('/book/generateqrcode', {
    mode: 'spare',
    bookId: book.id,
    count: CODES - 1,
  });
  // Over 200 codes the generation is a background job: the time runs until it has ended.
  while (queued.jobId) {
    const job = await json<{ state: string; error: unknown }>(`/jobs/status?id=${queued.jobId}`);
    if (job.state === 'completed') break;
    if (job.state === 'failed') throw new Error(`generation failed: ${JSON.stringify(job.error)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const generateSeconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const pdf = Buffer.from(
    await (await call(`/book/printaspdf?bookId=${book.id}&layout=21`)).arrayBuffer(),
  );
  const printSeconds = (performance.now() - t0) / 1000;

  // (2) Scans.
  const codes = await json<{ items: { code: string; targetId: number | null }[] }>(
    `/book/getgenerateqrcodes?bookId=${book.id}&pageSize=100`,
  );
  const code = codes.items.find((c) => c.targetId === nodeId)!.code;
  const scanUrl = `${server.url}/q/${code}`;
  const r = await autocannon({
    url: scanUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'user-agent': 'bench phone' },
  });
  const after = await json<{ items: { code: string; scans: number }[] }>(
    `/book/getgenerateqrcodes?bookId=${book.id}&pageSize=100`,
  );
  const stored = after.items.find((c) => c.code === code)!.scans;
  const redirects = r['3xx'];
  console.log(
    JSON.stringify(
      {
        database: database.kind,
        generate: {
          codes: CODES,
          generateSeconds: Number(generateSeconds.toFixed(2)),
          printSeconds: Number(printSeconds.toFixed(2)),
          totalSeconds: Number((generateSeconds + printSeconds).toFixed(2)),
          pdfBytes: pdf.length,
          targetSeconds: 5,
        },
        scans: {
          seconds: SECONDS,
          connections: CONNECTIONS,
          requestsPerSecond: Math.round(r.requests.average),
          latencyP50Ms: r.latency.p50,
          latencyP99Ms: r.latency.p99,
          targetP99Ms: 50,
          redirects,
          other: r.non2xx - redirects,
          errors: r.errors,
          timeouts: r.timeouts,
          scansStored: stored,
          // Requests still in flight when autocannon stopped are stored but not counted by it.
          lost: Math.max(0, redirects - stored),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await database.drop();
}
