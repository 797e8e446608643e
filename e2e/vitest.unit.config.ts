import { defineConfig } from 'vitest/config';

// Unit tests of the test support itself (no browser, no server).
export default defineConfig({
  test: { include: ['support/**/*.test.ts'] },
});
