import { defineConfig } from 'vitest/config';

/** Files that measure the process's memory: alone in a process of their own. */
const MEASURES_MEMORY = ['src/lib/xlsx/export.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: MEASURES_MEMORY,
          // A worker imports the app once and runs its files one after
          // another: importing it again for each of ~100 files cost ~230 s
          // of the suite's ~680 s. Each file still builds its own app on its
          // own database, and no test replaces a module (no vi.mock), so
          // nothing carries over but the loaded code.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'memory', include: MEASURES_MEMORY, isolate: true } },
    ],
  },
});
