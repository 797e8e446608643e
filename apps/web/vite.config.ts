import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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
