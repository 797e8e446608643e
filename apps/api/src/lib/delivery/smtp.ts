import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Channel, Outcome } from './types.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Set per ledger row, so a mail sent again after a crash carries the same id. */
  messageId?: string;
  /** Extra headers (a mailer's List-Unsubscribe); values must be single-line. */
  headers?: Record<string, string>;
  /** Files sent with the mail, base64 so the mail stays JSON (sealed in the ledger); `cid` for an inline image. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding: 'base64';
  cid?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise an outbox: each mail is logged (to,
 * subject with digits masked, never the body: both can hold codes) and kept
 * as an .eml file so a person running the embedded default can read the
 * sign-in code.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Campaigns: up to this many SMTP connections kept open and reused (and one log line per mail at debug). */
  pool?: number;
}): Mailer {
  const level = opts.pool ? 'debug' : 'info';
  if (/[\r\n]/.test(opts.from)) throw new Error('MAIL_FROM must not contain line breaks');
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    if (opts.pool) {
      url.searchParams.set('pool', 'true');
      url.searchParams.set('maxConnections', String(opts.pool));
      url.searchParams.set('maxMessages', '1000');
    }
    const transport = nodemailer.createTransport(url.toString());
    return {
      async send(mail) {
        assertHeaderSafe(mail);
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log[level]({ mailTo: mail.to, subject: loggable(mail.subject) }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      assertHeaderSafe(mail);
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log[level](
        { mailTo: mail.to, subject: loggable(mail.subject), file },
        'mail written to outbox',
      );
    },
    close: () => transport.close(),
  };
}

/** The sign-in code is in its mail's subject: digit runs never reach the log. */
const loggable = (subject: string) => subject.replace(/\d{4,}/g, (d) => '#'.repeat(d.length));

/** Header injection is refused outright rather than silently folded. */
function assertHeaderSafe(mail: Mail) {
  const headers = Object.entries(mail.headers ?? {}).flat();
  if ([mail.to, mail.subject, ...headers].some((v) => /[\r\n]/.test(v))) {
    throw new Error('Mail header fields must not contain line breaks');
  }
}

/**
 * The SMTP channel: each mail of the batch in parallel (over the transport's
 * pooled connections). A refusal of the recipient (5xx) ends `failed` with
 * the server's answer; a temporary failure (4xx, a lost connection) puts the
 * row back in the queue, and the job retries later.
 */
export function smtpChannel(
  name: string,
  mailer: Mailer,
  throttle: Pick<Channel, 'batch' | 'perSecond' | 'perHour'>,
): Channel<Mail> {
  return {
    name,
    ...throttle,
    send: (batch) =>
      Promise.all(
        batch.map(async ({ row, message }): Promise<Outcome> => {
          try {
            await mailer.send(message);
            return { id: row.id, state: 'sent' };
          } catch (err) {
            const e = err as { responseCode?: number; response?: string; message?: string };
            const reason = (e.response ?? e.message ?? String(err)).slice(0, 500);
            if (e.responseCode && e.responseCode >= 500)
              return { id: row.id, state: 'failed', reason };
            return { id: row.id, state: 'queued', reason };
          }
        }),
      ),
    close: () => mailer.close(),
  };
}
