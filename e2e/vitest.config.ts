import { defineConfig } from 'vitest/config';

// One browser at a time: the machine has two cores and Chromium renders WebGL in software.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
