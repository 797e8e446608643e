import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../content-disposition.ts';
import { AppError, notFound } from '../errors.ts';
import type { ByteRange, Storage } from './storage.ts';

/**
 * Streams a stored file as the reply (docs/security.md item 23): its stored type,
 * `nosniff`, a `sandbox` CSP so an HTML-ish file opened directly cannot run
 * script with the app's origin, a safe Content-Disposition, and single byte
 * ranges so video and audio elements can seek. The caller checks permission
 * first (a guarded route, or a signed URL).
 */
export interface ServeOptions {
  key: string;
  /** Shown to the user when saving; cleaned here. */
  fileName: string;
  disposition?: 'inline' | 'attachment';
  /** Absent: the API's `no-store`. A file whose key never names other bytes may be cached for good. */
  cacheControl?: string;
  /**
   * Shown from other origins: a public image in a mail (a webmail page, the
   * editor's sandboxed preview frame, whose origin is opaque) would be
   * blocked by the default `Cross-Origin-Resource-Policy: same-origin`.
   */
  crossOrigin?: boolean;
}

export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  opts: ServeOptions,
): Promise<FastifyReply> {
  const file = await storage.stat(opts.key);
  if (!file) throw notFound('File');
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      contentDisposition(opts.fileName, opts.disposition ?? 'attachment'),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cross-origin-resource-policy', opts.crossOrigin ? 'cross-origin' : 'same-origin')
    .header('etag', `"${file.sha256}"`);
  if (opts.cacheControl) reply.header('cache-control', opts.cacheControl);

  const range = parseRange(req.headers.range, file.size);
  if (range === 'unsatisfiable') {
    throw new AppError(
      416,
      'range_not_satisfiable',
      'The requested range is outside the file',
      undefined,
      {
        'content-range': `bytes */${file.size}`,
      },
    );
  }
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await storage.get(opts.key, range));
  }
  reply.header('content-length', file.size);
  if (req.method === 'HEAD' || file.size === 0) return reply.send('');
  return reply.send(await storage.get(opts.key));
}

/**
 * One `bytes=` range (`a-b`, `a-`, `-n`). Several ranges, other units and
 * malformed values are ignored (the whole file answers, as RFC 9110 allows);
 * a well-formed range that starts past the end is unsatisfiable.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
