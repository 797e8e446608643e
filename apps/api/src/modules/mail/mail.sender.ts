import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { createMailer, type Mail, smtpChannel } from '../../lib/delivery/smtp.ts';
import { type Composed, DeliveryFailure, type DeliverySource } from '../../lib/delivery/types.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from './mail.blocks.ts';
import { learnerValues, type Rendered, render, unknownVariables } from './mail.render.ts';
import { suppressedAmong, suppressedReason } from './mail.suppression.ts';
import { openPixel, trackLinks } from './mail.tracking.ts';
import { unsubscribeUrl } from './mail.unsubscribe.ts';

/**
 * A mailer as a source of the delivery engine (lib/delivery/, docs/jobs.md,
 * Deliveries): each ledger row's mail is the campaign's template filled in
 * with the learner's values, with a one-click unsubscribe link. Addresses
 * put on the suppression list after the campaign was made (an unsubscribe, a
 * bounce of another mailer) and learners deleted since are skipped.
 */
export const mailerSource: DeliverySource = {
  name: 'mailer',
  channels: ['bulk-mail'],
  async open(deps, deliveryId) {
    const [campaign] = (
      await deps.db.execute<{
        id: number | string;
        subject: string;
        html: string;
        text: string;
        track: boolean;
      }>(sql`select id, subject, html, text, track from mailers where delivery_id = ${deliveryId}`)
    ).rows;
    if (!campaign) throw new DeliveryFailure('The mailer was deleted');
    const mailerId = Number(campaign.id);
    // A campaign copied from a template saved before its variables were
    // checked after cleaning: no recipient can get it, so it fails whole.
    const unknown = unknownVariables(campaign);
    if (unknown.length)
      throw new DeliveryFailure(
        `The template names ${unknown.map((v) => `{{${v}}}`).join(', ')}, which ${unknown.length > 1 ? 'are not learner fields' : 'is not a learner field'}: fix the template and send a new mailer.`,
      );
    return {
      async compose(_channel, rows) {
        const ids = rows.map((r) => r.learnerId ?? 0);
        const values = await learnerValues(deps.db, ids);
        const suppressed = await suppressedAmong(
          deps.db,
          rows.map((r) => r.address),
        );
        const out = new Map<number, Composed>();
        for (const row of rows) {
          const learnerId = row.learnerId ?? 0;
          const v = values.get(learnerId);
          const why = row.address ? suppressed.get(row.address) : undefined;
          if (why) out.set(row.id, { skip: suppressedReason(why) });
          else if (!v || !row.address) out.set(row.id, { skip: 'learner deleted' });
          else
            out.set(row.id, {
              message: mailOf(deps, campaign, mailerId, row.id, row.address, learnerId, v),
            });
        }
        return out;
      },
    };
  },
};

function mailOf(
  deps: Deps,
  campaign: { subject: string; html: string; text: string; track: boolean },
  mailerId: number,
  rowId: number,
  to: string,
  learnerId: number,
  values: Parameters<typeof render>[1],
): Mail {
  let mail: Rendered;
  try {
    mail = render(campaign, values);
  } catch (err) {
    throw new DeliveryFailure(
      `The template could not be filled in (${(err as Error).message.slice(0, 300)}): fix the template and send a new mailer.`,
    );
  }
  // Links through the click redirect before the footer: the unsubscribe link is never rewritten.
  if (campaign.track) mail = trackLinks(deps, rowId, mail);
  const unsubscribe = unsubscribeUrl(deps, learnerId, mailerId);
  // A blocks template's footer has its own unsubscribe link (mail.blocks.ts); other templates get ours.
  const own = mail.html.includes(UNSUBSCRIBE_PLACEHOLDER);
  const html = own
    ? mail.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribe)
    : `${mail.html}\n<p style="font-size:12px;color:#666666">You receive this as a learner. <a href="${unsubscribe}">Unsubscribe</a></p>`;
  const text = own
    ? mail.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribe)
    : `${mail.text}\n\n--\nUnsubscribe: ${unsubscribe}`;
  return {
    to,
    subject: mail.subject,
    html: `${html}${campaign.track ? openPixel(deps, rowId) : ''}`,
    text,
    messageId: `<mailer-${mailerId}-${rowId}@backoffice>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The campaigns' channel: MAILER_SMTP_URL (or SMTP_URL, or the outbox) with
 * up to MAILER_CONCURRENCY connections kept open, throttled by
 * MAILER_RATE_PER_SECOND and MAILER_RATE_PER_HOUR.
 */
export const bulkMailChannel = (deps: Deps) =>
  smtpChannel(
    'bulk-mail',
    createMailer({
      smtpUrl: deps.config.mailers.smtpUrl,
      from: deps.config.mailFrom,
      outboxDir: path.join(deps.config.dataDir, 'outbox'),
      log: deps.log,
      pool: deps.config.mailers.concurrency,
    }),
    {
      batch: deps.config.mailers.concurrency,
      perSecond: deps.config.mailers.perSecond,
      perHour: deps.config.mailers.perHour,
    },
  );
