import { defineConfig } from 'vitest/config';

// One project per workspace. `npm run test:unit` runs the fast tiers; `npm run test:e2e` drives Chromium.
// CI sets VITEST_JSON_REPORT to a path prefix: each run also writes a JSON report there, which
// .ci/run sums into its closing "N passed, N failed" line.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    ...(jsonReport
      ? {
          reporters: ['default', 'json'],
          outputFile: { json: `${jsonReport}-${process.pid}-${Date.now()}.json` },
        }
      : {}),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      { test: { name: 'sim', root: 'apps/sim', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
