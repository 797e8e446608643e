import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const COMPONENT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:.*[\\/])?([A-Za-z]+)\.mjs$/;
const STYLE = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([A-Za-z]+)\.css$/;

/**
 * Mantine's component styles are imported file by file, only for the
 * components the app uses (main.tsx for the public screens,
 * app/layout/mantine-styles.ts for the rest): the whole sheet cost every
 * signed-in screen ~7.5 kB of CSS for components nothing shows. This check
 * fails the build when a component that has a style file is in the bundle
 * and its file is not imported, so a screen that starts using a new
 * component (directly or through another Mantine component) is never shown
 * unstyled.
 */
export function mantineStylesCheck(): Plugin {
  return {
    name: 'bo-mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids = [...this.getModuleIds()];
      const styled = new Set(ids.map((id) => STYLE.exec(id)?.[1]).filter(Boolean));
      const aStyle = ids.find((id) => STYLE.test(id));
      if (!aStyle) return;
      const stylesDir = path.dirname(aStyle);
      const missing = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(chunk.modules)) {
          const name = COMPONENT.exec(id)?.[1];
          if (!name || info.renderedLength === 0 || styled.has(name)) continue;
          if (existsSync(path.join(stylesDir, `${name}.css`))) missing.add(name);
        }
      }
      if (missing.size)
        this.error(
          `Mantine components in the build without their styles: ${[...missing].join(', ')}. ` +
            `Import '@mantine/core/styles/<Name>.css' in src/app/layout/mantine-styles.ts ` +
            '(or in src/main.tsx for a public screen).',
        );
    },
  };
}
