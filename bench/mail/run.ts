// Mailers, one JSON: the compiled server on a fresh database (PGlite, or a
// new database on DATABASE_URL's server) with BENCH_RECIPIENTS (100,000)
// learners made in SQL before it starts, sending through a local SMTP
// receiver with no throttle (MAILER_RATE_PER_SECOND=0).
// (1) `sendmailer` to all of them: the request's time is the ledger's
//     creation, one INSERT … SELECT (target ≤ 5 s).
// (2) The campaign to its end: mails/s (target ≥ 200/s) and the server's
//     RSS rise above idle, sampled every 250 ms (target ≤ 100 MB).
// (3) The crash run: a campaign to BENCH_CRASH_RECIPIENTS (10,000) learners,
//     the server killed with SIGKILL at 25 % and 60 % of it and started again
//     on the same data: recipients never mailed (target 0) and mails sent
//     twice (at most MAILER_CONCURRENCY per kill).
// Tracking is on (opens and clicks, BENCH_TRACK=0 turns it off): each mail
// gets its open image and its link through the click redirect, signed per
// recipient, as a marketing campaign is sent.
// BENCH_PARTS picks parts for a shorter run while iterating: `ledger` stops
// after (1), `ledger,send` skips (3), `crash` runs (3) alone (all by default).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startCountingSmtp } from '../../apps/api/src/modules/mail/mail.testing.ts';
import {
  buildStale,
  cpuSeconds,
  freshDatabase,
  root,
  rssMb,
  startApiServer,
} from '../support/api-process.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const CRASH_RECIPIENTS = Number(process.env.BENCH_CRASH_RECIPIENTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TRACK = process.env.BENCH_TRACK !== '0';
const parts = new Set((process.env.BENCH_PARTS ?? 'ledger,send,crash').split(','));

buildStale('api');
const database = await freshDatabase();
const seeded = await openDatabase(
  database.env.DATABASE_URL
    ? { kind: 'postgres', url: database.env.DATABASE_URL, poolSize: 2 }
    : { kind: 'pglite', dataDir: database.env.DATA_DIR!, purpose: 'mail bench' },
);
await seeded.executeSql(
  `insert into learners (uid, name, email, registered_at, profile_at)
   select gen_random_uuid(), 'Learner ' || i, 'learner' || i || '@example.test', now(), now()
   from generate_series(1, $1::int) i`,
  [RECIPIENTS],
);
await seeded.executeSql('analyze learners');
await seeded.close();

const smtp = await startCountingSmtp();
const env = {
  ...database.env,
  MAILER_SMTP_URL: smtp.url,
  MAILER_RATE_PER_SECOND: '0',
  MAILER_CONCURRENCY: String(CONCURRENCY),
  FILE_SWEEP_INTERVAL_HOURS: '0',
};
const server = await startApiServer(env);
const base = server.url;
const token = server.token.access;
const post = async <T>(p: string, body: object): Promise<T> => {
  const res = await fetch(`${base}/api${p}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(test: () => boolean, what: string, ms = 1_800_000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The compiled server again on the same data (the first admin exists: no setup to wait for). */
async function restart(): Promise<{ pid: number; child: ChildProcess }> {
  const port = new URL(base).port;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { pid: child.pid!, child };
    await sleep(100);
  }
}

let lastChild: ChildProcess | undefined;
const received = (e: string) => smtp.received.get(`learner${e}@example.test`) ?? 0;

/** (1) + (2): the ledger's creation, then (unless only `ledger`) the campaign to its end. */
async function campaign(templateId: number) {
  const idleMb = rssMb(server.pid);
  // Sampled from before the request: the ledger's rows grow the embedded database too.
  let peakMb = idleMb;
  let t0 = performance.now();
  let ticks = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.pid));
    if (++ticks % 40 === 0) {
      const s = (performance.now() - t0) / 1000;
      const sent = smtp.total();
      console.error(
        JSON.stringify({ seconds: Math.round(s), sent, perSecond: Math.round(sent / s), peakMb }),
      );
    }
  }, 250);
  const requestCpu0 = cpuSeconds(server.pid);
  try {
    const mailer = await post<{ id: number; totals: { queued: number } }>('/mail/sendmailer', {
      templateId,
      audience: { kind: 'all' },
      idempotencyKey: crypto.randomUUID(),
      track: TRACK,
    });
    const ledgerSeconds = (performance.now() - t0) / 1000;
    const ledgerCpu = cpuSeconds(server.pid) - requestCpu0;
    const ledger = {
      ledgerSeconds: Number(ledgerSeconds.toFixed(2)),
      // The server's own CPU in the request (the database's too, on PGlite).
      ledgerServerCpuSeconds: Number(ledgerCpu.toFixed(2)),
      queuedAtStart: mailer.totals.queued,
      idleRssMb: idleMb,
      ledgerPeakRssMb: Math.max(peakMb, rssMb(server.pid)),
    };
    // Progress on stderr (the figures so far), so a run cut short still says something.
    console.error(JSON.stringify({ database: database.kind, ...ledger }));
    if (!parts.has('send')) return ledger;
    t0 = performance.now();
    const sendCpu0 = cpuSeconds(server.pid);
    await waitFor(() => smtp.total() >= RECIPIENTS, 'the campaign');
    const sendSeconds = (performance.now() - t0) / 1000;
    return {
      ...ledger,
      mailsPerSecond: Math.round(RECIPIENTS / sendSeconds),
      sendSeconds: Number(sendSeconds.toFixed(1)),
      // The server's CPU per mail: steadier than the rate on a loaded machine.
      serverCpuMsPerMail: Number(
        (((cpuSeconds(server.pid) - sendCpu0) * 1000) / RECIPIENTS).toFixed(2),
      ),
      peakRssMb: peakMb,
      rssRiseMb: peakMb - idleMb,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** (3) The crash run, to the first CRASH_RECIPIENTS learners (counted from what they had). */
async function crashRun(templateId: number) {
  const before = smtp.total();
  const entries = Array.from({ length: CRASH_RECIPIENTS }, (_, i) => String(i + 1));
  const had = new Map(entries.map((e) => [e, received(e)]));
  const got = (e: string) => received(e) - had.get(e)!;
  await post('/mail/sendmailer', {
    templateId,
    audience: { kind: 'list', entries },
    idempotencyKey: crypto.randomUUID(),
    track: TRACK,
  });
  let pid = server.pid;
  const kills: number[] = [];
  for (const share of [0.25, 0.6]) {
    await waitFor(() => smtp.total() - before >= CRASH_RECIPIENTS * share, 'the crash point');
    process.kill(pid, 'SIGKILL');
    kills.push(smtp.total() - before);
    await sleep(200);
    const again = await restart();
    pid = again.pid;
    lastChild = again.child;
  }
  const mailed = () => entries.filter((e) => got(e) >= 1).length;
  await waitFor(() => mailed() >= CRASH_RECIPIENTS, 'every crash-run recipient', 900_000);
  await sleep(2000);
  const twice = entries.filter((e) => got(e) > 1).length;
  const lost = entries.filter((e) => got(e) < 1).length;
  return { recipients: CRASH_RECIPIENTS, killsAt: kills, lost, duplicates: twice };
}

try {
  const template = await post<{ id: number }>('/mail/createtemplate', {
    name: 'Bench',
    subject: 'News for {{first_name}}',
    html: '<p>Dear {{name}},</p><p>A <a href="https://example.test/new-book">new book</a> is out for {{grade}} in {{city}}.</p>',
  });
  await sleep(1000);
  const sent = parts.has('ledger') ? await campaign(template.id) : {};
  const crash = parts.has('crash') ? await crashRun(template.id) : undefined;
  console.log(
    JSON.stringify(
      {
        database: database.kind,
        recipients: RECIPIENTS,
        concurrency: CONCURRENCY,
        tracked: TRACK,
        ...sent,
        crash,
      },
      null,
      2,
    ),
  );
} finally {
  lastChild?.kill('SIGTERM');
  if (lastChild) await new Promise((r) => lastChild!.once('exit', r));
  else await server.stop();
  await smtp.close();
  await database.drop();
  // The first server's sign-in receiver stays open after its process was killed.
  process.exit(0);
}
