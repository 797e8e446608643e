import { type MailEvent, mailEventsBody } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { AppError, issueDetails } from '../../lib/errors.ts';
import { contextOf } from '../../lib/register-routes.ts';
import { hmac, safeEqualHex } from '../../lib/secrets.ts';
import { applyMailEvents } from './mail.events.ts';

/**
 * `POST /mail-events`: the mail provider tells us of bounces and complaints
 * (docs/domain.md, Mail, "Bounces, complaints and the suppression list";
 * docs/security.md, item 44). Public and outside /api, like /unsubscribe:
 * no admin calls it, and it is not an API route of the back-office.
 *
 * - Off unless MAIL_EVENTS_SECRET is set (404 saying so).
 * - Signed: `X-Mail-Events-Signature: sha256=<hex>` is HMAC-SHA-256 under the
 *   secret of `<X-Mail-Events-Timestamp>.<raw body>` (unix seconds, a dot,
 *   the bytes as sent). Checked first, in constant time, before the body is
 *   read as JSON: a caller without the secret learns nothing (401).
 * - Fresh: a timestamp more than 5 minutes from our clock is refused (401),
 *   and so is a signature already taken (409): a captured call cannot be
 *   played again, neither later nor within the 5 minutes.
 * - Idempotent per event: an event id received before changes nothing
 *   (counted as a duplicate), so a provider may send an event again with a
 *   new signature.
 * - Rate-limited per IP, as /unsubscribe (shared across processes on PostgreSQL).
 */

export const MAIL_EVENTS_PATH = '/mail-events';
export const TIMESTAMP_HEADER = 'x-mail-events-timestamp';
export const SIGNATURE_HEADER = 'x-mail-events-signature';
const FRESH_SECONDS = 300;
/** How long an event id is kept to recognise the same event sent again (providers retry for up to ~3 days). */
export const MAIL_EVENT_IDS_KEPT_DAYS = 30;

/** The signature a sender puts in SIGNATURE_HEADER (hex, with or without `sha256=`). */
export const mailEventsSignature = (secret: string, timestamp: string, body: string) =>
  hmac(Buffer.from(secret, 'utf8'), `${timestamp}.${body}`);

const refused = (
  status: number,
  code: 'invalid_signature' | 'signature_expired',
  message: string,
) => new AppError(status, code, message);

/** The call's signature (lower-case hex) once it is the secret's and fresh; refuses otherwise. */
function verifiedSignature(deps: Deps, req: FastifyRequest, raw: string, secret: string): string {
  const timestamp = req.headers[TIMESTAMP_HEADER];
  const given = req.headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof given !== 'string')
    throw refused(
      401,
      'invalid_signature',
      'Sign the call: the X-Mail-Events-Timestamp and X-Mail-Events-Signature headers are required',
    );
  const hex = given
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    !/^[0-9a-f]{64}$/.test(hex) ||
    !safeEqualHex(hex, mailEventsSignature(secret, timestamp, raw))
  )
    throw refused(
      401,
      'invalid_signature',
      'The signature does not match the timestamp and body under the shared secret',
    );
  const age = deps.clock().getTime() / 1000 - Number(timestamp);
  if (Math.abs(age) > FRESH_SECONDS)
    throw refused(
      401,
      'signature_expired',
      'The timestamp is more than 5 minutes from our clock: sign each call as it is sent',
    );
  return hex;
}

/** The body as JSON in the documented shape; 400 naming what is wrong. */
function parsedEvents(raw: string): MailEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError(400, 'malformed_request', 'The body is not JSON');
  }
  const parsed = mailEventsBody.safeParse(json);
  if (parsed.success) return parsed.data.events;
  const details = issueDetails(parsed.error.issues);
  throw new AppError(
    400,
    'validation_failed',
    `Invalid request: ${details[0]!.path}: ${details[0]!.message}`,
    details,
  );
}

export function registerMailEventsWebhook(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    // The signature is over the bytes as sent: the body is kept as text, parsed only once it is verified.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      MAIL_EVENTS_PATH,
      { schema: { hide: true }, config: { rateLimit: { max: 300, timeWindow: 60_000 } } },
      async (req) => {
        const secret = deps.config.mailers.eventsSecret;
        if (!secret)
          throw new AppError(
            404,
            'not_found',
            'The mail events webhook is off: set MAIL_EVENTS_SECRET to turn it on',
          );
        const raw = typeof req.body === 'string' ? req.body : '';
        const signature = verifiedSignature(deps, req, raw, secret);
        const events = parsedEvents(raw);
        return deps.db.transaction(async (tx) => {
          // Signatures older than the window can never be fresh again: no need to keep them.
          await tx.execute(
            sql`delete from mail_webhook_signatures where at < now() - make_interval(secs => ${2 * FRESH_SECONDS})`,
          );
          // Event ids past any provider's retries: their table would otherwise only grow.
          await tx.execute(
            sql`delete from mail_events where received_at < now() - make_interval(days => ${MAIL_EVENT_IDS_KEPT_DAYS})`,
          );
          const taken = await tx.execute(sql`insert into mail_webhook_signatures (signature)
            values (${signature}) on conflict (signature) do nothing returning signature`);
          if (!taken.rows.length)
            throw new AppError(
              409,
              'signature_reused',
              'This signed call was received already: sign each call anew',
            );
          const outcome = await applyMailEvents(tx, events);
          // Counts only: the addresses are in the list and the ledger, not in the audit trail.
          await recordAudit(tx, contextOf(req), {
            action: 'mail_events_received',
            entity: 'mail_suppression',
            after: {
              ...outcome,
              bounces: events.filter((e) => e.type === 'bounce').length,
              complaints: events.filter((e) => e.type === 'complaint').length,
            },
          });
          return outcome;
        });
      },
    );
  });
}
