import { defineConfig } from 'vitest/config';

/** Files that measure the process's memory: alone in a process of their own. */
const MEASURES_MEMORY = ['src/lib/xlsx/export.test.ts'];
/**
 * Files that replace a module (vi.mock): in a worker that already loaded the
 * app the mock never takes (the palette's query count read 0 in a full run),
 * so they get a fresh module graph of their own.
 */
const REPLACES_MODULES = ['src/modules/search/search.test.ts'];
/**
 * Files that compare response times: in a fresh process, not after dozens of
 * files in a shared worker, whose grown heap made the known e-mail's
 * (allocation-heavier) logins slower by more than the bound in full runs.
 */
const MEASURES_TIME = ['src/modules/auth/login.security.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    // LibreOffice round trips take two cold office starts (12 s each on a busy machine).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: [...MEASURES_MEMORY, ...REPLACES_MODULES, ...MEASURES_TIME],
          // A worker imports the app once and runs its files one after
          // another: importing it again for each of ~100 files cost ~230 s
          // of the suite's ~680 s. Each file still builds its own app on its
          // own database, and no test here replaces a module (vi.mock: those
          // are in REPLACES_MODULES), so nothing carries over but the loaded code.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'memory', include: MEASURES_MEMORY, isolate: true } },
      { extends: true, test: { name: 'mocks', include: REPLACES_MODULES, isolate: true } },
      { extends: true, test: { name: 'timing', include: MEASURES_TIME, isolate: true } },
    ],
  },
});
