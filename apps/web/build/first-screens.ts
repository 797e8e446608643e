import { brotliCompressSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { drawScreens } from './drawn-screens.ts';
import { readRouteModules } from './route-modules.ts';

/**
 * Files a first screen may need, the page included (entry, styles, the app,
 * the screen and its first reads' code). More means more round trips on a
 * cold start over HTTP/1.1, six files at a time: the build fails above it.
 */
export const MAX_FIRST_SCREEN_FILES = 15;

/** Every screen needs the app itself (the entry starts it with a dynamic import). */
const APP_START = 'src/app/start.tsx';

/** One route of dist/.vite/first-screens.json, the file the server reads. */
export interface FirstScreenHints {
  /** React Router's pattern, most specific first in the file. */
  path: string;
  /** Scripts the page announces with `<link rel="modulepreload">`. */
  scripts: string[];
  /** Style sheets it announces with `<link rel="preload" as="style">`. */
  styles: string[];
  /** The screen drawn as HTML (drawn-screens.ts), shown in the page before any script runs. */
  html?: string;
}

/** Static segments before `:params`, a splat last: the order React Router ranks them in. */
function bySpecificity(a: string, b: string) {
  const score = (p: string) => p.split('/').map((s) => (s === '*' ? 0 : s.startsWith(':') ? 1 : 2));
  const sa = score(a);
  const sb = score(b);
  const splatA = sa.at(-1) === 0;
  const splatB = sb.at(-1) === 0;
  if (splatA !== splatB) return splatA ? 1 : -1;
  if (sa.length !== sb.length) return sb.length - sa.length;
  for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sb[i]! - sa[i]!;
  return 0;
}

/**
 * Writes dist/.vite/first-screens.json: for every route, the files beyond
 * the entry's that its screen needs, found by reading the route tables
 * (route-modules.ts) and following each module's chunk through its static
 * imports. The server puts them in the page it serves for that path
 * (apps/api plugins/spa-first-screen.ts), so the browser asks for all of a
 * screen's code in one wave instead of discovering it chunk after chunk.
 */
export function firstScreens(): Plugin {
  let root = '';
  return {
    name: 'bo-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is Rollup.OutputChunk => c.type === 'chunk',
      );
      const chunkOf = new Map<string, Rollup.OutputChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
      // A module copied into several chunks (common code is inlined) is loaded,
      // when imported dynamically, from the chunk it is the entry of.
      for (const chunk of chunks)
        if (chunk.facadeModuleId) chunkOf.set(chunk.facadeModuleId, chunk);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Rollup.OutputChunk, into = new Set<string>()) => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const css of start.viteMetadata?.importedCss ?? []) into.add(css);
        for (const file of start.imports) {
          const next = byFile.get(file);
          if (next) closure(next, into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const inPage = closure(entry);
      const filesOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const id of modules) {
          const chunk = chunkOf.get(id);
          if (!chunk) this.error(`first screens: ${id} is in no chunk`);
          closure(chunk, files);
        }
        return [...files].filter((f) => !inPage.has(f));
      };
      const app = `${root}/${APP_START}`;
      const routes = (await readRouteModules(root)).sort((a, b) => bySpecificity(a.path, b.path));
      // A signed-in screen shows an admin's data: the build cannot draw it.
      const signedInDrawn = routes.filter((r) => r.drawn && r.signedIn).map((r) => r.path);
      if (signedInDrawn.length)
        this.error(`drawn screens must be public ones: ${signedInDrawn.join(', ')}`);
      const drawn = await drawScreens(
        root,
        routes.filter((r) => r.drawn).map((r) => r.path),
      );
      const hints: FirstScreenHints[] = [];
      const tooMany: string[] = [];
      const brotli = new Map<string, number>();
      for (const route of routes) {
        const files = filesOf([app, ...route.modules]);
        const count = inPage.size + files.length;
        if (count > MAX_FIRST_SCREEN_FILES) tooMany.push(`${route.path} (${count})`);
        // FIRST_SCREENS_REPORT=1: each route's files and brotli kB, to see what a chunking change does.
        if (process.env.FIRST_SCREENS_REPORT) {
          const size = (f: string) => {
            const out = bundle[f];
            const text = out?.type === 'chunk' ? out.code : String(out?.source ?? '');
            if (!brotli.has(f)) brotli.set(f, brotliCompressSync(text).length);
            return brotli.get(f)!;
          };
          const bytes = [...inPage, ...files].reduce((n, f) => n + size(f), 0);
          console.log(`${count}\t${Math.round(bytes / 1000)} kB\t${route.path}`);
        }
        hints.push({
          path: route.path,
          scripts: files.filter((f) => f.endsWith('.js')).map((f) => `/${f}`),
          styles: files.filter((f) => f.endsWith('.css')).map((f) => `/${f}`),
          html: drawn.get(route.path),
        });
      }
      if (tooMany.length)
        this.error(
          `first screens needing more than ${MAX_FIRST_SCREEN_FILES} files: ${tooMany.join(', ')}. ` +
            'Merge chunks (vite.config.ts, codeSplitting) or load the extra code after the screen shows.',
        );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-screens.json',
        source: JSON.stringify({ routes: hints }, null, 1),
      });
    },
  };
}
