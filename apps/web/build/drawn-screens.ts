import path from 'node:path';
import { createServer } from 'vite';

/**
 * Draws the public screens whose route says `drawn` (app/drawn-screen.tsx)
 * as HTML, in Node, with Vite's SSR loader on the app's own source: the same
 * components, theme and routes as the app, so the HTML cannot drift from
 * what the app then renders. Fails the build on a screen that drew an error
 * page instead of itself.
 */
export async function drawScreens(root: string, paths: string[]) {
  const drawn = new Map<string, string>();
  if (paths.length === 0) return drawn;
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    // The page links the built style sheets; a plain style sheet means nothing
    // to HTML (CSS modules still give their class names).
    plugins: [
      {
        name: 'bo-drawn-screens-no-css',
        enforce: 'pre',
        load: (id) => (/\.css(\?|$)/.test(id) && !/\.module\.css/.test(id) ? '' : undefined),
      },
    ],
  });
  try {
    const { drawScreen } = (await vite.ssrLoadModule(
      path.join(root, 'src/app/drawn-screen.tsx'),
    )) as { drawScreen: (pathname: string) => Promise<string> };
    for (const pathname of paths) {
      const html = await drawScreen(pathname);
      if (html.includes('Unexpected Application Error'))
        throw new Error(`drawn screens: ${pathname} drew the error page: ${html.slice(-600)}`);
      drawn.set(pathname, html);
    }
  } finally {
    await vite.close();
  }
  return drawn;
}
