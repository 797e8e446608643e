// Mail opens and clicks, one JSON: the compiled server on a fresh database
// (PGlite, or a new database on DATABASE_URL's server). A tracked mailer goes
// to BENCH_RECIPIENTS (2,000) learners through a local SMTP receiver; then
// the public open image (/m/o/…) and click redirect (/m/c/…) are asked at
// BENCH_RATE (500) requests/s for BENCH_SECONDS (30) with autocannon, half
// opens and half clicks, each request naming a recipient in turn.
// Targets: p99 ≤ 20 ms on PostgreSQL, ≤ 50 ms on PGlite; every event stored
// once (opens and clicks counted in the database equal the images and
// redirects answered). The links are signed here with the server's secret
// (JWT_SECRET, set for the run), as the sender signs them in each mail.
// The per-IP limit is raised for the run (MAIL_TRACKING_RATE_LIMIT): the
// bench is one address by design.
import autocannon from 'autocannon';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { signIds } from '../../apps/api/src/lib/signed-ids.ts';
import { startCountingSmtp } from '../../apps/api/src/modules/mail/mail.testing.ts';
import { buildStale, cpuSeconds, freshDatabase, startApiServer } from '../support/api-process.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECRET = 'bench-secret-for-signed-mail-links-0123456789';
const LINK = 'https://example.test/new-book?from=mail';

buildStale('api');
const database = await freshDatabase();
const dbOptions = database.env.DATABASE_URL
  ? ({ kind: 'postgres', url: database.env.DATABASE_URL, poolSize: 2 } as const)
  : ({ kind: 'pglite', dataDir: database.env.DATA_DIR!, purpose: 'mail tracking bench' } as const);
const seeded = await openDatabase(dbOptions);
await seeded.executeSql(
  `insert into learners (uid, name, email, registered_at, profile_at)
   select gen_random_uuid(), 'Learner ' || i, 'learner' || i || '@example.test', now(), now()
   from generate_series(1, $1::int) i`,
  [RECIPIENTS],
);
await seeded.close();

const smtp = await startCountingSmtp();
const server = await startApiServer({
  ...database.env,
  JWT_SECRET: SECRET,
  MAILER_SMTP_URL: smtp.url,
  MAILER_RATE_PER_SECOND: '0',
  MAIL_TRACKING_RATE_LIMIT: '100000000',
  FILE_SWEEP_INTERVAL_HOURS: '0',
});
const call = async <T>(p: string, body?: object): Promise<T> => {
  const res = await fetch(`${server.url}/api${p}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${server.token.access}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Results {
  opened: number;
  clicked: number;
  links: { url: string; clicks: number }[];
}

try {
  const template = await call<{ id: number }>('/mail/createtemplate', {
    name: 'Bench: tracked',
    subject: 'News for {{first_name}}',
    html: `<p>Dear {{name}},</p><p><a href="${LINK}">The new book</a> is out.</p>`,
  });
  const mailer = await call<{ id: number }>('/mail/sendmailer', {
    templateId: template.id,
    audience: { kind: 'all' },
    idempotencyKey: crypto.randomUUID(),
    track: true,
  });
  for (const end = Date.now() + 600_000; smtp.total() < RECIPIENTS; await sleep(100))
    if (Date.now() > end) throw new Error('the campaign did not end in 10 minutes');

  // The ledger rows the mails name, through the recipients list (the
  // embedded database cannot be opened beside the server).
  const rows: number[] = [];
  for (let page = 1; rows.length < RECIPIENTS; page++) {
    const got = await call<{ items: { id: number }[] }>(
      `/mail/mailerrecipients?mailerId=${mailer.id}&page=${page}&pageSize=100&sort=id`,
    );
    if (got.items.length === 0) break;
    rows.push(...got.items.map((r) => r.id));
  }
  const secret = new TextEncoder().encode(SECRET);
  const openPaths = rows.map((id) => `/m/o/${signIds(secret, 'mail-open', [id])}.gif`);
  const clickPaths = rows.map(
    (id) => `/m/c/${signIds(secret, 'mail-click', [id], LINK)}?u=${encodeURIComponent(LINK)}`,
  );

  let n = 0;
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    overallRate: RATE,
    // A fixed number of requests, not a duration: every answer is counted,
    // so the events stored can be held to the answers exactly.
    amount: RATE * SECONDS,
    headers: { 'user-agent': 'bench mail client' },
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const list = i % 2 === 0 ? openPaths : clickPaths;
          return { ...req, path: list[Math.floor(i / 2) % list.length]! };
        },
      },
    ],
  });
  const serverCpu = cpuSeconds(server.pid) - cpuBefore;
  // Each request was answered after its event was written (group commit):
  // the recipients' CSV sums what is stored.
  const csv = await fetch(`${server.url}/api/mail/mailerresultsdownload?id=${mailer.id}`, {
    headers: { authorization: `Bearer ${server.token.access}` },
  }).then((r) => r.text());
  const [head, ...lines] = csv.trim().split(/\r?\n/);
  const cols = head!.replace(/^\uFEFF/, '').split(',');
  const sum = (name: string) => {
    const at = cols.indexOf(name);
    return lines.reduce((total, line) => total + Number(line.split(',')[at] ?? 0), 0);
  };
  const figures = await call<Results>(`/mail/mailerresults?id=${mailer.id}`);
  const sums = {
    opens: sum('Opens'),
    clicks: sum('Clicks'),
    link: figures.links.find((l) => l.url === LINK)?.clicks ?? 0,
  };
  const images = result['2xx'];
  const redirects = result['3xx'];
  console.log(
    JSON.stringify(
      {
        database: database.kind,
        recipients: RECIPIENTS,
        seconds: SECONDS,
        targetRate: RATE,
        connections: CONNECTIONS,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        latencyMaxMs: result.latency.max,
        // Steadier than the latency on a loaded machine: the server's own work per request.
        serverCpuMsPerRequest: +((serverCpu * 1000) / (RATE * SECONDS)).toFixed(2),
        targetP99Ms: database.kind === 'postgres' ? 20 : 50,
        imagesAnswered: images,
        redirectsAnswered: redirects,
        other: result.non2xx - redirects,
        errors: result.errors,
        timeouts: result.timeouts,
        opensStored: Number(sums.opens),
        clicksStored: Number(sums.clicks),
        linkClicksStored: Number(sums.link),
        everyEventOnce: Number(sums.opens) === images && Number(sums.clicks) === redirects,
        resultsPage: { opened: figures.opened, clicked: figures.clicked },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await smtp.close();
  await database.drop();
}
