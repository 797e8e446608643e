import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { acceptedEncodings } from './spa-assets.ts';

/** One route of the web build's `.vite/first-screens.json` (apps/web/build/first-screens.ts). */
interface FirstScreenHints {
  path: string;
  scripts: string[];
  styles: string[];
  /** The screen drawn as HTML by the build (public screens that look the same to everyone). */
  html?: string;
}

const SAFE_ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/** index.html's root with its "Loading…" placeholder, which a drawn screen takes the place of. */
const BOOT_ROOT = /<div id="root"><div class="boot"[^>]*>[^<]*<\/div><\/div>/;
/** index.html's own style sheet (the entry's: the public screens' styles). */
const PAGE_STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/;

/** True when `pattern` (React Router's syntax: `:param`, a trailing `*`) matches `pathname`. */
export function matchesPattern(pattern: string, pathname: string) {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return true;
    if (i >= got.length) return false;
    if (!want[i]!.startsWith(':') && want[i] !== got[i]) return false;
  }
  return want.length === got.length;
}

/**
 * index.html as served for a path: with the files of that path's first
 * screen announced in its head (`modulepreload` for scripts, `preload` for
 * style sheets), so the browser asks for all of the screen's code at once,
 * right after the page, instead of finding it chunk after chunk (a round
 * trip each). A public screen the build drew as HTML takes the place of
 * the page's "Loading…" placeholder, so it shows before any script has run.
 * The build lists them per route, most specific route first;
 * both files are read again when the build changes (a rebuilt app is served
 * without a restart). Each page is compressed once per route and encoding.
 */
export function firstScreenPages(webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hintsFile = path.join(webDist, '.vite', 'first-screens.json');
  let loaded: {
    stamp: string;
    html: string;
    routes: FirstScreenHints[];
    css: string | null;
  } | null = null;
  const pages = new Map<string, Buffer>();

  async function current() {
    const stamps = await Promise.all(
      [indexFile, hintsFile].map((f) =>
        stat(f).then(
          (s) => s.mtimeMs,
          () => 0,
        ),
      ),
    );
    const stamp = stamps.join(':');
    if (loaded?.stamp === stamp) return loaded;
    const html = await readFile(indexFile, 'utf8');
    const routes = await readFile(hintsFile, 'utf8').then(
      (text) => (JSON.parse(text) as { routes: FirstScreenHints[] }).routes,
      // A build without the hints still serves the app, one wave at a time.
      () => [],
    );
    const sheet = PAGE_STYLESHEET.exec(html)?.[1];
    const css = sheet ? await readFile(path.join(webDist, sheet), 'utf8').catch(() => null) : null;
    pages.clear();
    loaded = { stamp, html, routes, css };
    return loaded;
  }

  const withHints = (html: string, route: FirstScreenHints | undefined, css: string | null) => {
    if (!route) return html;
    const links = [
      ...route.scripts
        .filter((f) => SAFE_ASSET.test(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
      ...route.styles
        .filter((f) => SAFE_ASSET.test(f))
        .map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
    ].join('\n    ');
    const page = html.replace('</head>', `    ${links}\n  </head>`);
    if (route.html === undefined) return page;
    // `data-drawn` tells the app to take over the drawn screen (apps/web app/drawn-takeover.ts).
    const drawn = page.replace(BOOT_ROOT, () => `<div id="root" data-drawn="">${route.html}</div>`);
    // Its styles come in the page: a linked sheet holds the first paint back
    // by a round trip, shared with the scripts' downloads.
    return css === null || css.includes('</')
      ? drawn
      : drawn.replace(PAGE_STYLESHEET, () => `<style>${css}</style>`);
  };

  /** The page for `pathname` (no query string) in the best encoding `accept` allows. */
  return async function pageFor(pathname: string, accept: string | undefined) {
    const { html, routes, css } = await current();
    const route = routes.find((r) => matchesPattern(r.path, pathname));
    const encoding = acceptedEncodings(accept)[0] ?? null;
    const key = `${encoding}:${route?.path ?? ''}`;
    let body = pages.get(key);
    if (!body) {
      const page = withHints(html, route, css);
      body =
        encoding === 'br'
          ? brotliCompressSync(page)
          : encoding === 'gzip'
            ? gzipSync(page)
            : Buffer.from(page);
      pages.set(key, body);
    }
    return { body, encoding };
  };
}
