import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { defineJob } from '../jobs/job.ts';
import type { Executor } from '../jobs/tx-sql.ts';
import type { Mail } from './mailer.ts';

declare module '../jobs/job.ts' {
  interface JobDataMap {
    'mail.send': { sealed: string };
  }
}

/**
 * Every e-mail the product sends goes through this one job, enqueued in the
 * transaction of the change that causes it: a mail is sent if and only if
 * that change commits, and an SMTP outage delays mails instead of failing
 * the action (retried with backoff for about ten minutes).
 *
 * Mails hold sign-in codes and one-time links, which the database otherwise
 * keeps only hashed: the job's data is sealed (AES-256-GCM under a key derived
 * from JWT_SECRET), so a reader of the jobs table learns nothing usable.
 *
 * Idempotence: SMTP has no exactly-once. A run that fails before the server
 * accepted the mail sends nothing; one that dies after acceptance but before
 * the job is marked done sends it again on the retry, with the same
 * Message-ID (derived from the job id), which mail systems use to drop
 * duplicates.
 */
export const mailJob = defineJob({
  kind: 'mail.send',
  retryLimit: 6,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  concurrency: 2,
  pollSeconds: 1,
  async run(data, ctx) {
    const mail = unseal(ctx.deps.config.jwtSecret, data.sealed);
    if ('decoy' in mail) return null;
    await ctx.deps.mailer.send({ ...mail, messageId: `<${ctx.id}@jobs.backoffice>` });
    return null;
  },
});

/** The one way to send a mail: queued with the caller's transaction (or `deps.db`). */
export async function sendMail(
  deps: Pick<Deps, 'jobs' | 'config'>,
  executor: Executor,
  mail: Mail,
  by: number | null = null,
) {
  await deps.jobs.enqueue(
    executor,
    'mail.send',
    { sealed: seal(deps.config.jwtSecret, mail) },
    { by },
  );
}

const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('mail-job-seal').digest();

function seal(secret: Uint8Array, mail: Mail | typeof DECOY): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(mail), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

const DECOY = { decoy: true } as const;

/**
 * For a request that must take as long as one that mails (a reset link asked
 * for an unknown e-mail): the same sealed insert and wake-up, and a run that
 * sends nothing. Sealed, it looks like any other mail in the jobs table.
 */
export async function queueDecoyMail(deps: Pick<Deps, 'jobs' | 'config'>, executor: Executor) {
  await deps.jobs.enqueue(
    executor,
    'mail.send',
    { sealed: seal(deps.config.jwtSecret, DECOY) },
    { by: null },
  );
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
