import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Tests wait for conditions up to the limits in test/support/wait.ts (a render: 300 s); their
    // own limits leave room for that on a busy machine, as do the hooks' (servers, databases).
    testTimeout: 600_000,
    hookTimeout: 300_000,
    // Files share one PostgreSQL server but each has its own database, so they run in parallel.
    fileParallelism: true,
  },
});
