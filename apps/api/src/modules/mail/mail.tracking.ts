import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { decodeEntities } from '../../lib/rich-text/entities.ts';
import { readSignedIds, signIds } from '../../lib/signed-ids.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from './mail.blocks.ts';
import type { Rendered } from './mail.render.ts';
import { type TrackEvent, trackingEvents } from './mail.tracking-events.ts';
import { page } from './mail.unsubscribe.ts';

/**
 * Opens and clicks of a mailer made with `track` (docs/privacy.md). Each
 * recipient's mail gets a 1×1 image and its links go through a redirect,
 * both naming the recipient's ledger row with an HMAC under the server's
 * secret (128 bits, as the unsubscribe token):
 *
 * - GET /m/o/<row>-<mac>.gif answers a transparent GIF (never cached, so a
 *   second reading is a second request) and counts an open.
 * - GET /m/c/<row>-<mac>?u=<url> answers a 302 to the link and counts a
 *   click. The mac covers the URL too, so the address is no open redirect:
 *   a token or URL changed by one character answers a 404 page, never a
 *   redirect.
 *
 * Events are stored BEFORE the answer: appended as rows, a burst in one
 * statement, and added to the counts a moment later (mail.tracking-events.ts).
 * Per recipient one row holds the first open and click times and their
 * counts; per link, its clicks.
 * Public, outside /api, rate-limited per IP in memory (an image proxy
 * fetches for many people from one address, so the limit is generous).
 */

const OPEN = 'mail-open';
const CLICK = 'mail-click';

/** A URL longer than this is still redirected but not counted per link (the key would be too wide). */
const LINK_KEY_MAX = 2000;

const base = (deps: Deps) => deps.config.mailers.unsubscribeBaseUrl;

export const openPixelUrl = (deps: Deps, rowId: number) =>
  `${base(deps)}/m/o/${signIds(deps.config.jwtSecret, OPEN, [rowId])}.gif`;

export const clickUrl = (deps: Deps, rowId: number, url: string) =>
  `${base(deps)}/m/c/${signIds(deps.config.jwtSecret, CLICK, [rowId], url)}?u=${encodeURIComponent(url)}`;

/** The ledger row a tracking token names, when signed for that purpose (and that link); null otherwise. */
const rowOf = (deps: Deps, purpose: string, token: string, url?: string) =>
  readSignedIds(deps.config.jwtSecret, purpose, token, 1, url)?.[0] ?? null;

const WEB_LINK = /^https?:\/\//i;
/** A bare address in the plain-text part; trailing punctuation ends a sentence, not the link. */
const TEXT_LINK = /\bhttps?:\/\/[^\s()<>"]+[^\s()<>".,;:!?']/gi;

/**
 * The rendered mail with its web links through the click redirect (mailto
 * links stay): the HTML's `<a href>` and the plain-text part's addresses.
 * Called before the unsubscribe footer is added, so that link is never
 * rewritten; the open image is added after it (`openPixel`).
 */
export function trackLinks(deps: Deps, rowId: number, mail: Rendered): Rendered {
  const html = mail.html.replace(
    /(<a\s[^>]*?\bhref=")([^"]*)(")/gi,
    (whole, before: string, href: string, after: string) => {
      const url = decodeEntities(href, { nbsp: '\u00a0', badNumber: (w) => w });
      // The footer's unsubscribe link (filled after this) is never rewritten.
      if (!WEB_LINK.test(url) || url === UNSUBSCRIBE_PLACEHOLDER) return whole;
      return `${before}${escapeHtml(clickUrl(deps, rowId, url))}${after}`;
    },
  );
  const text = mail.text.replace(TEXT_LINK, (url) =>
    url === UNSUBSCRIBE_PLACEHOLDER ? url : clickUrl(deps, rowId, url),
  );
  return { ...mail, html, text };
}

/** The 1×1 image that counts an open when the mail client shows images. */
export const openPixel = (deps: Deps, rowId: number) =>
  `<img src="${escapeHtml(openPixelUrl(deps, rowId))}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;

/** A transparent 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function hrefOf(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

const INVALID = '<p>This link is not valid. Use the link of a mail you received.</p>';

export function registerTrackingRoutes(app: FastifyInstance, deps: Deps) {
  /** Out of the API docs; counted per IP in this process's memory (lib/rate-limit-store.ts). */
  const PUBLIC = {
    schema: { hide: true },
    config: {
      rateLimit: { max: deps.config.mailTrackingRateLimit, timeWindow: 60_000, perProcess: true },
    },
  };
  const events = trackingEvents(deps);
  // What an earlier run left (stopped before its fold) is counted in at start.
  app.addHook('onReady', () => events.foldLeftovers());
  app.addHook('onClose', () => events.close());
  // A failed count must not cost the recipient the link or the image: logged, and answered anyway.
  const count = async (event: TrackEvent) => {
    try {
      await events.record(event);
    } catch (err) {
      deps.log.error({ err, rowId: event.rowId }, 'mail tracking: an event was not counted');
    }
  };
  app.get<{ Params: { file: string } }>('/m/o/:file', PUBLIC, async (req, reply) => {
    const { file } = req.params;
    const rowId = file.endsWith('.gif') ? rowOf(deps, OPEN, file.slice(0, -4)) : null;
    if (rowId === null) return page(reply, 404, 'Link not valid', INVALID);
    await count({ kind: 'open', rowId, url: null });
    return reply
      .status(200)
      .header('content-type', 'image/gif')
      .header('cache-control', 'no-store, max-age=0')
      .send(GIF);
  });
  app.get<{ Params: { token: string }; Querystring: { u?: unknown } }>(
    '/m/c/:token',
    PUBLIC,
    async (req, reply) => {
      // One `u` only: a repeated parameter arrives as an array and is refused like a wrong one.
      const url = typeof req.query.u === 'string' ? req.query.u : '';
      const rowId = WEB_LINK.test(url) ? rowOf(deps, CLICK, req.params.token, url) : null;
      // The URL parsed again: a header holds ASCII only, which URL's own form is.
      const target = rowId === null ? null : hrefOf(url);
      if (rowId === null || !target) return page(reply, 404, 'Link not valid', INVALID);
      await count({ kind: 'click', rowId, url: url.length <= LINK_KEY_MAX ? url : null });
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
