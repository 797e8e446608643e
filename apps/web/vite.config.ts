import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The API serves dist/ itself (index.html for client routes, hashed files under
// /assets, each beside its .br and .gz made here); in dev, /api goes to the API
// on port 3000.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
});
