import { defineConfig } from 'vitest/config';

/** Unit, component and in-process server tests sit beside the code. Browser tests are Playwright's (tests/). */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
  },
});
