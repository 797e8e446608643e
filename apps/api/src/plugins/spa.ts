import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerAssets } from './spa-assets.ts';
import { firstScreenPages } from './spa-first-screen.ts';

/**
 * The built web app on every non-/api path: hashed assets cached for a year
 * (served from memory: spa-assets.ts), index.html (never cached) for client
 * routes, with the path's first-screen files announced (spa-first-screen.ts).
 * Each file goes out as the
 * brotli or gzip copy the build wrote beside it when the browser accepts one
 * (no compression work per request). /api paths that match no route answer a
 * JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  const hasIndex = webDist ? existsSync(path.join(webDist, 'index.html')) : false;
  const missing = (req: { method: string; url: string }) => ({
    message: `No route ${req.method} ${req.url.split('?')[0]}`,
    code: 'not_found',
  });
  const pageFor = webDist && hasIndex ? firstScreenPages(webDist) : null;
  if (webDist && hasIndex) {
    registerAssets(app, path.join(webDist, 'assets'), missing);
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      // index.html is made per path (below), also for `/`.
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    // A missing asset is a 404, never index.html served as a script.
    const missingFile =
      req.url.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(req.url.split('?')[0]!);
    if (req.url === '/api' || req.url.startsWith('/api/') || req.method !== 'GET' || missingFile) {
      return reply.status(404).send(missing(req));
    }
    if (!pageFor) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`).');
    }
    const page = await pageFor(req.url.split('?')[0]!, req.headers['accept-encoding']);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.type('text/html; charset=utf-8').send(page.body);
  });
}
