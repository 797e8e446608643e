import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreens } from './build/first-screens.ts';
import { mantineStylesCheck } from './build/mantine-styles-check.ts';
import { precompress } from './build/precompress.ts';
import { removeScrollClassNames } from './build/remove-scroll-class-names.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

// The API serves dist/ itself (index.html for client routes, hashed files under
// /assets, each beside its .br and .gz made here); in dev, /api goes to the API
// on port 3000.
export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    removeScrollClassNames(),
    mantineStylesCheck(),
    firstScreens(),
    precompress(),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Chunk groups: files that load together anyway compress better as one
    // (brotli shares its context across a file, not across files); /login
    // went from 156 to 146 kB with these two (docs/performance-log.md, "Fourth pass").
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks (below): no chunk's exports are an API.
      preserveEntrySignatures: false,
      // Tiptap's extension packages declare no `sideEffects` and build their
      // extensions with plain calls (`Node.create({...})`): without these
      // hints the editor chunk kept task lists, list kits and character
      // counts nobody imports (~2.4 kB brotli). Creating an extension has no
      // effect beyond the object it answers.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@tiptap[\\/]/, sideEffects: false }],
        manualPureFunctions: ['Node.create', 'Mark.create', 'Extension.create'],
      },
      output: {
        codeSplitting: {
          // Left alone, the bundler made a chunk per set of importers: ~270
          // files, a hundred under 1 kB each behind ~1 kB of headers, ~100
          // requests for a signed-in screen, found in three or four waves.
          // Common code up to this size (before minifying) is copied into each
          // file that uses it instead: 8 to 15 files per first screen, and no
          // screen larger (the copies land in different screens' files; the
          // areas' icons, once shared by the routes' table and the layout,
          // are one file since the two are one chunk). Larger limits copy
          // bigger common chunks and grew the editor by 9 %; smaller ones left
          // up to 28 files. It needs `strictExecutionOrder` (on by default with
          // it), which costs /login ~3 kB; see docs/performance-log.md,
          // "First screens over the network".
          experimentalInlineCommonChunks: { maxSize: 200_000 },
          groups: [
            {
              // What every screen runs on, /login included, as one file:
              // brotli packs it ~4 kB smaller than the ~10 pieces it was.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]*query[^\\/]*)[\\/]/,
            },
            {
              // The Mantine components of the public screens (sign-in,
              // password, invite, setup, errors), which nearly every signed-in
              // screen uses too: one file instead of ~15 small ones.
              name: 'mantine-public',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Alert|Anchor|ActionIcon|Button|Center|CloseButton|Code|Group|Input|InputBase|Paper|PasswordInput|TextInput|ThemeIcon)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
