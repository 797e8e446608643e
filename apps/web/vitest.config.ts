import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A stubbed fetch or XMLHttpRequest ends with its test, never reaching the next file.
    unstubGlobals: true,
    // A worker sets up jsdom and imports React and Mantine once for all its
    // files (52 s -> 9 s); src/test/setup.ts empties the document after each test.
    isolate: false,
  },
});
