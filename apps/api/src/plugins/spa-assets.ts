import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The web app's hashed files (/assets/*) served from memory. A signed-in
 * screen asks for ~100 script chunks on a cold start, six at a time; served
 * from disk (a stat and a file stream each, ~2 ms of the server's thread)
 * they took ~250 ms and queued the screen's first API calls behind them.
 * A hashed name never names other bytes, so a file read once is kept
 * (in the encoding the browser took: brotli, else gzip, else plain), up to
 * MAX_CACHED_BYTES; a rebuilt app brings new names, read on first use.
 */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const SAFE_NAME = /^[\w-][\w.-]*$/;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

type Encoding = 'br' | 'gzip' | null;
interface Asset {
  body: Buffer;
  encoding: Encoding;
}

/** The encodings the browser takes, best first (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const taken = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  const out: Encoding[] = [];
  if (taken.has('br')) out.push('br');
  if (taken.has('gzip')) out.push('gzip');
  out.push(null);
  return out;
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

export function registerAssets(
  app: FastifyInstance,
  assetsDir: string,
  notFound: (req: { method: string; url: string }) => object,
) {
  const cache = new Map<string, Asset | null>();
  let cachedBytes = 0;

  async function load(name: string, encoding: Encoding): Promise<Asset | null> {
    const key = `${encoding ?? 'plain'}:${name}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const file = path.join(assetsDir, encoding ? `${name}${SUFFIX[encoding]}` : name);
    const body = await readFile(file).catch(() => null);
    // A miss is not kept here: names nobody built would fill the map.
    if (!body) return null;
    const asset = { body, encoding };
    if (cachedBytes + body.length <= MAX_CACHED_BYTES) {
      cache.set(key, asset);
      cachedBytes += body.length;
    }
    return asset;
  }

  /** A built file without that compressed copy (a font): not looked for again. */
  const noCopy = (name: string, encoding: Encoding) => cache.set(`${encoding}:${name}`, null);

  const send = (reply: FastifyReply, name: string, asset: Asset) => {
    reply
      .header('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (asset.encoding) reply.header('content-encoding', asset.encoding);
    return reply.send(asset.body);
  };

  app.get<{ Params: { '*': string } }>('/assets/*', async (req, reply) => {
    const name = req.params['*'];
    if (SAFE_NAME.test(name)) {
      const missing: Encoding[] = [];
      for (const encoding of acceptedEncodings(req.headers['accept-encoding'])) {
        const asset = await load(name, encoding);
        if (!asset) {
          missing.push(encoding);
          continue;
        }
        for (const m of missing) noCopy(name, m);
        return send(reply, name, asset);
      }
    }
    return reply.status(404).send(notFound(req));
  });
}
