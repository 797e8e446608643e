import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../jobs/tx-sql.ts';
import { createDelivery } from '../../lib/delivery/ledger.ts';
import { type Mail, smtpChannel } from '../../lib/delivery/smtp.ts';
import type { Composed, DeliverySource } from '../../lib/delivery/types.ts';

/**
 * System mails (sign-in codes, invitations, password resets and changes) are
 * deliveries of one recipient on the `delivery.now` queue (lib/delivery/),
 * made in the transaction of the change that causes them: a mail is sent if
 * and only if that change commits, and an SMTP outage delays mails instead of
 * failing the action (retried with backoff for about ten minutes).
 *
 * Mails hold sign-in codes and one-time links, which the database otherwise
 * keeps only hashed: the ledger row holds the mail sealed (AES-256-GCM under a
 * key derived from JWT_SECRET), with no address, so a reader of the database
 * learns nothing usable; the seal is cleared once the mail is sent.
 *
 * Idempotence: SMTP has no exactly-once. A run that fails before the server
 * accepted the mail sends nothing; one that dies after acceptance but before
 * the row is marked sent sends it again on the retry, with the same
 * Message-ID (derived from the row), which mail systems use to drop
 * duplicates.
 */

/** The one way to send a system mail: queued with the caller's transaction (or `deps.db`). */
export async function sendMail(
  deps: Pick<Deps, 'jobs' | 'config'>,
  executor: Executor,
  mail: Mail,
  by: number | null = null,
) {
  await queueSealed(deps, executor, seal(deps.config.jwtSecret, mail), by);
}

/**
 * For a request that must take as long as one that mails (a reset link asked
 * for an unknown e-mail): the same sealed insert and wake-up, and a run that
 * sends nothing and ends as a mail does, so the ledger does not tell which
 * requests named an unknown address.
 */
export async function queueDecoyMail(deps: Pick<Deps, 'jobs' | 'config'>, executor: Executor) {
  await queueSealed(deps, executor, seal(deps.config.jwtSecret, DECOY), null);
}

export async function queueSealed(
  deps: Pick<Deps, 'jobs'>,
  executor: Executor,
  sealed: string,
  by: number | null,
) {
  await createDelivery(deps, executor, {
    source: 'system',
    lane: 'delivery.now',
    by,
    fills: [
      {
        channel: 'mail',
        rows: sql`select null::bigint, null::text, ${sealed}::text, 'queued', null::text`,
      },
    ],
  });
}

const DECOY = { decoy: true } as const;
/** What a decoy composes to: the channel recognises it by identity and sends nothing. */
const DECOY_MAIL: Mail = { to: '', subject: '', text: '', html: '' };

export const systemMailSource: DeliverySource = {
  name: 'system',
  channels: ['mail'],
  async open(deps, deliveryId) {
    return {
      async compose(_channel, rows) {
        const out = new Map<number, Composed>();
        for (const row of rows) {
          if (!row.payload) {
            out.set(row.id, { skip: 'nothing sealed' });
            continue;
          }
          const mail = unseal(deps.config.jwtSecret, row.payload);
          out.set(row.id, {
            message:
              'decoy' in mail
                ? DECOY_MAIL
                : { ...mail, messageId: `<delivery-${deliveryId}-${row.id}@backoffice>` },
          });
        }
        return out;
      },
    };
  },
};

/** SMTP_URL's transport (or the outbox), unthrottled: a sign-in code does not wait. */
export const systemMailChannel = (deps: Deps) =>
  smtpChannel(
    'mail',
    {
      send: async (m) => {
        if (m !== DECOY_MAIL) await deps.mailer.send(m);
      },
      close() {},
    },
    { batch: 10 },
  );

const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('mail-job-seal').digest();

function seal(secret: Uint8Array, mail: Mail | typeof DECOY): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(mail), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(secret: Uint8Array, sealed: string): Mail | typeof DECOY {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
    'utf8',
  );
  return JSON.parse(text) as Mail | typeof DECOY;
}
