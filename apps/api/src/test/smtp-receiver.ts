import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** Decoded text of the whole message (quoted-printable undone). */
  body: string;
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  /** Waits up to `timeoutMs` (20 s: the mail goes through the job queue, slow on a loaded machine). */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: subjectOf(raw),
          body: decodeQuotedPrintable(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(predicate, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        const found = mails.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`No matching mail within ${timeoutMs} ms (${mails.length} received)`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

export const codeIn = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
export const linkTokenIn = (mail: ReceivedMail) =>
  /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';

/**
 * The Subject header as a mail client shows it: unfolded, its RFC 2047
 * encoded words (a non-ASCII subject: a book's Hindi title, a "·") decoded,
 * the space between two adjacent encoded words dropped as the RFC says.
 */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(word, (_, charset: string, enc: string, text: string) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) =>
                  String.fromCharCode(Number.parseInt(h, 16)),
                ),
              'latin1',
            );
      return new TextDecoder(charset).decode(bytes);
    });
}
