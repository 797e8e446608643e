import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { tooManyRequests } from '../lib/errors.ts';
import { databaseRateLimitStore } from '../lib/rate-limit-store.ts';

/**
 * Headers of docs/security.md item 25. Helmet's defaults are tightened: no inline
 * scripts, base-uri and frame-ancestors 'none'. No CORS plugin is registered,
 * so a foreign Origin never gets an Access-Control-Allow-Origin header.
 */
const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Linked videos and audios play from their own https address (media cannot run script).
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers never vary per request here, so they are computed once by
 * running helmet against a recording response, then set in one call (helmet
 * per request cost a tenth of the API's throughput).
 */
export function securityHeaders(options: HelmetOptions = HELMET): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * The web app's hashed scripts, styles and fonts: subresources, never a page.
 * A browser reads a CSP, frame options, referrer policy or HSTS from the
 * document, not from a script it loads, so these answers carry only what
 * applies to a subresource (nosniff, the resource policy): ~700 bytes of
 * headers less on each of a cold screen's files. An SVG can be opened as a
 * page (and run script), so it keeps them all.
 */
const SUBRESOURCE = /^\/assets\/[^/?]+\.(?:js|css|woff2?|ttf|png)(?:\?|$)/;
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'];

export async function registerSecurity(app: FastifyInstance) {
  const headers = securityHeaders();
  const subresource = Object.fromEntries(
    Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.includes(name)),
  );
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(SUBRESOURCE.test(req.url) ? subresource : headers);
    done();
  });

  // Only routes that opt in (the sign-in routes) are limited. On PostgreSQL,
  // which several processes may share, they are counted in the database so a
  // limit holds across all of them; PGlite has one process (its data directory
  // is locked), which counts in memory at no cost to the database.
  await app.register(rateLimit, {
    global: false,
    ...(app.deps.database.kind === 'postgres'
      ? { store: databaseRateLimitStore(app.deps.db) }
      : {}),
    errorResponseBuilder: (_req, ctx) =>
      tooManyRequests(`Too many requests. Try again in ${ctx.after}.`, ctx.ttl / 1000),
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // A route that chose its own caching (an immutable file) keeps it.
    if (/^\/api(?:[/?]|$)/.test(req.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
