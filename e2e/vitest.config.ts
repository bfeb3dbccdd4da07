import { defineConfig } from 'vitest/config';

// One browser at a time: the machine has two cores and Chromium renders WebGL in software.
// A test waits for each condition up to the limits in support/waits.ts (media 180 s, renders
// 300 s); its own limit leaves room for several such waits on a busy machine, as does the set-up
// (the web app's build and a server start).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 600_000,
  },
});
