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
    // One browser and one server per file, two files at a time: a browser
    // test spends much of its time waiting (on a 2-core machine a serial run
    // kept the CPU about 40 % busy). E2E_WORKERS=1 runs them one by one.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    pool: 'forks',
  },
});
