import path from 'node:path';
import type { RouteObject } from 'react-router';
import { type Plugin, runnerImport } from 'vite';
import type { RouteHandle } from '../src/lib/area.ts';

/** A route of the app with the source modules its screen loads when it opens. */
export interface RouteModules {
  /** Absolute pattern, React Router's syntax (`/books/:id`). */
  path: string;
  signedIn: boolean;
  /** What the route's `lazy` (and its first reads' `prefetch`) import, as absolute module ids. */
  modules: string[];
  /** The build draws this screen into its page (`RouteHandle.drawn`). */
  drawn: boolean;
}

type Recorder = (id: string) => Promise<unknown>;
declare global {
  // Set while the table is read (below): where the recording imports report.
  var __routeModuleImport: Recorder | undefined;
}

/** A module standing in for any screen module: every export, call and property is itself. */
const anything: unknown = new Proxy(() => {}, {
  get: (_target, key) => (key === 'then' ? undefined : anything),
  apply: () => anything,
});

/**
 * Reads the app's route tables in Node at build time (Vite's module runner)
 * and asks every route what it loads: each literal `import('…')` in the
 * app's source is replaced by a recorder, and screens, components and
 * layouts are empty stand-ins, so nothing of the UI runs. The tables stay
 * the one place that says which path opens which screen: the server's
 * first-screen hints (first-screens.ts) are derived from them.
 */
export async function readRouteModules(root: string): Promise<RouteModules[]> {
  const src = path.join(root, 'src') + path.sep;
  const recorded: string[] = [];
  globalThis.__routeModuleImport = async (id) => {
    recorded.push(id);
    return anything;
  };
  const recordImports: Plugin = {
    name: 'bo-record-route-imports',
    enforce: 'pre',
    load(id) {
      if (id.startsWith(src) && /[\\/](routes|components|layout)[\\/]/.test(id)) return 'export {}';
    },
    async transform(code, id) {
      if (!id.startsWith(src)) return;
      const literal = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
      let out = code;
      for (const [call, , specifier] of code.matchAll(literal)) {
        const target = (await this.resolve(specifier!, id))?.id ?? specifier!;
        out = out.replace(call, `globalThis.__routeModuleImport(${JSON.stringify(target)})`);
      }
      return out === code ? undefined : out;
    },
  };
  const load = <T>(file: string) =>
    runnerImport<T>(path.join(src, file), {
      configFile: false,
      root,
      logLevel: 'error',
      plugins: [recordImports],
    }).then((r) => r.module);
  try {
    const open = await load<{ PUBLIC_ROUTES: RouteObject[] }>('app/public-routes.ts');
    const guarded = await load<{ signedInRoute: () => RouteObject }>('app/signed-in-routes.tsx');
    /** What calling `run` imports, in order. */
    const importsOf = async (run: () => unknown) => {
      recorded.length = 0;
      await run();
      // A prefetch may import without waiting (`void import(…).then(…)`).
      await new Promise((resolve) => setTimeout(resolve, 0));
      return [...recorded];
    };
    const out: RouteModules[] = [];
    const walk = async (route: RouteObject, base: string, signedIn: boolean, shell: string[]) => {
      const own = route.path ? path.posix.join(base, route.path) : base;
      const drawn = (route.handle as RouteHandle | undefined)?.drawn === true;
      if (typeof route.lazy === 'function' && (route.index || route.path)) {
        const lazy = route.lazy as () => unknown;
        const prefetch = (route.handle as { prefetch?: (p: unknown, q: unknown) => void })
          ?.prefetch;
        const modules = await importsOf(async () => {
          await lazy();
          prefetch?.(() => {}, {});
        });
        out.push({ path: own, signedIn, modules: [...shell, ...modules], drawn });
      } else if (route.path && !route.children) {
        out.push({ path: own, signedIn, modules: shell, drawn });
      }
      for (const child of route.children ?? []) await walk(child, own, signedIn, shell);
    };
    for (const route of open.PUBLIC_ROUTES) await walk(route, '/', false, []);
    const main = guarded.signedInRoute();
    // The table's chunk holds the layout too; a layout of its own would be its route's `lazy`.
    const layout =
      typeof main.lazy === 'function' ? await importsOf(main.lazy as () => unknown) : [];
    const table = path.join(src, 'app/signed-in-routes.tsx');
    for (const child of main.children ?? []) await walk(child, '/', true, [table, ...layout]);
    return out;
  } finally {
    globalThis.__routeModuleImport = undefined;
  }
}
