import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll gives up after 1 s by default: on a loaded CI machine a book
    // page's TOC took longer than that to come, and a passing screen failed.
    // A poll still ends at its first success, so a longer limit costs nothing.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One browser and one server per file, one file at a time. Two at a time
    // was tried: on the 2-core CI machine every test then ran about twice as
    // long: the browser run alone took 1,275 s, where the whole CI run with
    // files one at a time had taken 1,369 s. E2E_WORKERS=2 runs two at a time.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
    pool: 'forks',
    // One process runs the files one after another, as the API suite's do:
    // a fresh one per file started Node and imported vitest, Playwright and
    // the support code again each time, for nothing a file keeps (each has
    // its own server, browser and module state; no file replaces a module).
    isolate: false,
  },
});
