import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser and one server per file; files run one after another (2 cores).
    fileParallelism: false,
    pool: 'forks',
  },
});
