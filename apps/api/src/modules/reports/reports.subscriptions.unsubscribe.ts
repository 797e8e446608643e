import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reportSubscriptions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { readSignedIds, signIds } from '../../lib/signed-ids.ts';
import { plainPage } from '../mail/index.ts';

/**
 * The one-click unsubscribe of a report subscription's mail: a signed link
 * (lib/signed-ids.ts) naming the subscription, public and outside /api like
 * the mailers' (mail.unsubscribe.ts). GET shows a page with a button, so a
 * link scanner fetching every address of a mail unsubscribes nobody; POST
 * (the button, or a mail client's List-Unsubscribe-Post) deletes the
 * subscription. A second POST finds it gone and says so.
 */

const PURPOSE = 'report-subscription-unsubscribe';
const PATH = '/report-subscriptions/unsubscribe';

export const subscriptionUnsubscribeUrl = (deps: Deps, subscriptionId: number) =>
  `${deps.config.publicBaseUrl}${PATH}/${signIds(deps.config.jwtSecret, PURPOSE, [subscriptionId])}`;

const HIDDEN = { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: 60_000 } } };
const INVALID =
  '<p>This unsubscribe link is not valid. Use the link of a report mail you received.</p>';
const GONE = '<p>This subscription no longer exists: you will receive no more of its mails.</p>';

export function registerSubscriptionUnsubscribe(app: FastifyInstance, deps: Deps) {
  const idOf = (token: string) =>
    readSignedIds(deps.config.jwtSecret, PURPOSE, token, 1)?.[0] ?? null;
  app.register(async (scope) => {
    // Mail clients post a tiny form; the token says everything.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) =>
      done(null, undefined),
    );
    scope.get<{ Params: { token: string } }>(`${PATH}/:token`, HIDDEN, async (req, reply) => {
      const id = idOf(req.params.token);
      if (id === null) return plainPage(reply, 404, 'Link not valid', INVALID);
      return plainPage(
        reply,
        200,
        'Unsubscribe from this report',
        `<p>Stop receiving this report by e-mail?</p>
<form method="post" action="${PATH}/${req.params.token}"><button type="submit">Unsubscribe</button></form>`,
      );
    });
    scope.post<{ Params: { token: string } }>(`${PATH}/:token`, HIDDEN, async (req, reply) => {
      const id = idOf(req.params.token);
      if (id === null) return plainPage(reply, 404, 'Link not valid', INVALID);
      const gone = await deps.db
        .delete(reportSubscriptions)
        .where(eq(reportSubscriptions.id, id))
        .returning({ id: reportSubscriptions.id });
      if (!gone.length) return plainPage(reply, 410, 'Already unsubscribed', GONE);
      return plainPage(
        reply,
        200,
        'You are unsubscribed',
        '<p>You will receive no more mails of this report. Subscribe again from the report in the back-office.</p>',
      );
    });
  });
}
