import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { TEST_LIMIT_MS } from './src/test-waits';

export default defineConfig({
  plugins: [react()],
  // Waits inside tests use src/test-waits.ts (30 s, set in test-setup.ts); a test's limit leaves room for a few.
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['src/test-setup.ts'], testTimeout: TEST_LIMIT_MS, hookTimeout: TEST_LIMIT_MS },
});
