import { QR_CODE_PATTERN } from '@bo/contract';
import { sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { groupCommit } from '../../lib/group-commit.ts';
import { HAS_CONTENT } from '../../lib/printed-codes.queries.ts';
import { MARK_TODAY } from '../../lib/report-marks.ts';
import { hmac } from '../../lib/secrets.ts';
import type { ScanCache } from './qr-codes.scan-cache.ts';

/**
 * GET /q/:code, the address printed in every QR code: public, outside /api,
 * rate-limited per IP. It records the scan BEFORE answering (one statement:
 * find the code and insert the scan), so a scan whose redirect was sent is
 * stored even if the server stops right after (SIGTERM waits for answers in
 * flight, and an answer is only sent once its row is written). A code that
 * redirected a moment ago is answered from memory after a single INSERT of
 * the scan (qr-codes.scan-cache.ts has the rule for when it is looked up again).
 */

type ScanRow = {
  id: number | string;
  enabled: boolean;
  target_kind: 'book' | 'toc_node' | 'video' | null;
  book_id: number | string | null;
  toc_node_id: number | string | null;
  video_id: number | string | null;
  has_content: boolean;
};

/** The day's salt: HMAC of the day under the server's secret, so hashes link within a day only. */
function ipHasher(secret: Uint8Array) {
  let day = '';
  let salt = '';
  return (ip: string, now: Date) => {
    const today = now.toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      salt = hmac(secret, `qr-scan-ip-salt:${today}`);
    }
    return hmac(Buffer.from(salt, 'hex'), ip);
  };
}

function page(reply: FastifyReply, status: number, code: string, heading: string, text: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
code{font-size:1.4rem;letter-spacing:.15em}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>
<p>Code: <code>${escapeHtml(code)}</code></p></main></body></html>`;
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/** The learner app's page for a target. */
function learnerPath(row: ScanRow): string | null {
  if (row.target_kind === 'book') return `/books/${row.book_id}`;
  if (row.target_kind === 'toc_node' && row.toc_node_id !== null)
    return `/books/${row.book_id}/toc/${row.toc_node_id}`;
  if (row.target_kind === 'video') return `/videos/${row.video_id}`;
  return null;
}

interface CachedScan {
  codeId: number;
  userAgent: string | null;
  ipHash: string;
}

/**
 * The scan rows (and one reports' mark for today) of codes remembered as
 * redirects, a batch in one statement (lib/group-commit.ts); per scan,
 * false when its code is gone meanwhile.
 */
const insertScans = (deps: Deps) =>
  groupCommit<CachedScan, boolean>(async (scans) => {
    const found = (
      await deps.db.execute<{ i: number }>(sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(scans.map((s, i) => ({ i, ...s })))}::jsonb)
            as x(i int, "codeId" int8, "userAgent" text, "ipHash" text)
        ), q as (
          select input.i, c.id from input join qr_codes c on c.id = input."codeId"
        ), scan as (
          insert into qr_scans (code_id, user_agent, ip_hash)
          select q.id, input."userAgent", input."ipHash" from q join input on input.i = q.i order by q.i
        ), mark as (
          insert into report_marks (day) select (now() at time zone 'UTC')::date where exists (select 1 from q)
        )
        select i from q`)
    ).rows;
    const stored = new Set(found.map((f) => Number(f.i)));
    return scans.map((_, i) => stored.has(i));
  });

export function registerScanRoute(app: FastifyInstance, deps: Deps, cache: ScanCache) {
  const hashIp = ipHasher(deps.config.jwtSecret);
  const insertScan = insertScans(deps);
  // Counted in memory even on PostgreSQL (lib/rate-limit-store.ts, perProcess).
  const scanLimit = { max: deps.config.qrScanRateLimit, timeWindow: 60_000, perProcess: true };
  // A wildcard, not `/q/:code`: the router refuses a parameter over 100
  // characters with its own 414 before any route runs, and a path with a
  // slash would fall through to the web app; both get the "Unknown code" page.
  app.get<{ Params: { '*': string } }>(
    '/q/*',
    {
      schema: { hide: true },
      config: { rateLimit: scanLimit },
    },
    async (req, reply) => {
      const code = req.params['*'].toUpperCase();
      const shown = code.slice(0, 12);
      if (!QR_CODE_PATTERN.test(code))
        return page(reply, 404, shown, 'Unknown code', 'This QR code is not one of ours.');
      const userAgent = (req.headers['user-agent'] ?? '').slice(0, 512) || null;
      const ipHash = hashIp(req.ip, deps.clock());
      const base = deps.config.learnerAppUrl;
      const known = base ? cache.get(code) : undefined;
      if (known) {
        if (await insertScan({ codeId: known.codeId, userAgent, ipHash }))
          return reply.header('cache-control', 'no-store').redirect(`${base}${known.path}`, 302);
        cache.forget(code);
      }
      const generation = cache.generation();
      const [row] = (
        await deps.db.execute<ScanRow>(sql`with q as (
            select * from qr_codes where code = ${code}
          ), scan as (
            insert into qr_scans (code_id, user_agent, ip_hash) select id, ${userAgent}, ${ipHash} from q
          ), mark as (
            -- The reports recompute today's scans (an appended row, never a shared one updated).
            ${MARK_TODAY}
          )
          select q.id, q.enabled, q.target_kind, q.book_id, q.toc_node_id, q.video_id,
            ${HAS_CONTENT} as has_content from q`)
      ).rows;
      if (!row) return page(reply, 404, code, 'Unknown code', 'This QR code is not one of ours.');
      if (!row.enabled)
        return page(reply, 410, code, 'Code withdrawn', 'This QR code is no longer in use.');
      const path = learnerPath(row);
      if (!path || !row.has_content)
        return page(
          reply,
          200,
          code,
          'Coming soon',
          'The content for this code is not ready yet. Please try again later.',
        );
      if (!base)
        return page(reply, 200, code, 'Open the app', 'This content opens in the learners’ app.');
      cache.remember(code, { codeId: Number(row.id), path }, generation);
      return reply.header('cache-control', 'no-store').redirect(`${base}${path}`, 302);
    },
  );
}
