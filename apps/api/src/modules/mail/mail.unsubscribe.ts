import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { readSignedIds, signIds } from '../../lib/signed-ids.ts';
import { suppressUnsubscribed } from './mail.suppression.ts';

/**
 * One-click unsubscribe (RFC 8058). Every mailer carries
 * `List-Unsubscribe: <https://…/unsubscribe/<token>>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; the token is the
 * learner and campaign ids with an HMAC under the server's secret (128 bits),
 * so nobody can unsubscribe someone else by guessing. Public, outside /api:
 *
 * - POST records it (what a mail client's button sends, with the body
 *   `List-Unsubscribe=One-Click`; the body is not needed and not read), and
 *   is idempotent: the address that campaign mailed goes on the suppression
 *   list (mail.suppression.ts) as `unsubscribed`.
 * - GET (the link in the mail's footer) only shows a page with a button
 *   that POSTs: link scanners that fetch every address in a mail must not
 *   unsubscribe anyone.
 */

const PURPOSE = 'mail-unsubscribe';

export const unsubscribeToken = (deps: Deps, learnerId: number, mailerId: number) =>
  signIds(deps.config.jwtSecret, PURPOSE, [learnerId, mailerId]);

export const unsubscribeUrl = (deps: Deps, learnerId: number, mailerId: number) =>
  `${deps.config.mailers.unsubscribeBaseUrl}/unsubscribe/${unsubscribeToken(deps, learnerId, mailerId)}`;

/** A test send's unsubscribe link: a page that says what a learner's link does, and does nothing. */
const TEST_SEND = 'test-send';
export const testUnsubscribeUrl = (deps: Deps) =>
  `${deps.config.mailers.unsubscribeBaseUrl}/unsubscribe/${TEST_SEND}`;

function verify(deps: Deps, token: string): { learnerId: number; mailerId: number } | null {
  const ids = readSignedIds(deps.config.jwtSecret, PURPOSE, token, 2);
  return ids ? { learnerId: ids[0]!, mailerId: ids[1]! } : null;
}

/** A small page for people (a link that is not valid), never cached. */
export function page(reply: FastifyReply, status: number, heading: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
button{font-size:1rem;padding:.5rem 1rem}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`);
}

/** A page for people and mail clients, not an API route: out of the API docs, rate-limited per IP. */
const HIDDEN = { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: 60_000 } } };

const INVALID = '<p>This unsubscribe link is not valid. Use the link of a mail you received.</p>';

export function registerUnsubscribeRoutes(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    // Mail clients post a tiny form (urlencoded or multipart); the token says everything.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) =>
      done(null, undefined),
    );
    scope.get<{ Params: { token: string } }>('/unsubscribe/:token', HIDDEN, async (req, reply) => {
      if (req.params.token === TEST_SEND)
        return page(
          reply,
          200,
          'This was a test mail',
          '<p>Its unsubscribe link does nothing. In a mailer, each learner gets a link of their own here that stops the mailers to their address.</p>',
        );
      const found = verify(deps, req.params.token);
      if (!found) return page(reply, 404, 'Link not valid', INVALID);
      return page(
        reply,
        200,
        'Unsubscribe from mailers',
        `<p>Stop receiving mailers from us at this address?</p>
<form method="post" action="/unsubscribe/${escapeHtml(req.params.token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    });
    scope.post<{ Params: { token: string } }>('/unsubscribe/:token', HIDDEN, async (req, reply) => {
      const found = verify(deps, req.params.token);
      if (!found) return page(reply, 404, 'Link not valid', INVALID);
      await suppressUnsubscribed(deps.db, found.learnerId, found.mailerId);
      return page(
        reply,
        200,
        'You are unsubscribed',
        '<p>You will receive no more mailers from us.</p>',
      );
    });
  });
}
