/**
 * KaTeX's style sheet (with its fonts, bundled by our build: no CDN), fetched
 * the first time drawn math is shown. One chunk whoever asks: the browser's
 * renderer (render-rich-text.ts, with KaTeX's code) or a view of math the
 * server drew (server-rich-text-view.tsx, without it).
 */
let loading: Promise<unknown> | null = null;
let loaded = false;
export function loadKatexStyles(): Promise<unknown> {
  loading ??= import('katex/dist/katex.min.css').then(() => {
    loaded = true;
  });
  return loading;
}

/** True once the style sheet is in, so a view drawn after that shows its math at once. */
export const katexStylesLoaded = () => loaded;
