import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per workspace. `npm run test:unit` runs the fast tiers; `npm run test:e2e` drives Chromium.
// CI sets VITEST_JSON_REPORT to a path prefix: each run also writes a JSON report there, which
// .ci/run sums into its closing "N passed, N failed" line.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores − 1): on a 2-core machine one file at a time, while the
    // suites spend much of their time waiting on PostgreSQL, the broker and timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    ...(jsonReport
      ? {
          reporters: ['default', 'json'],
          outputFile: { json: `${jsonReport}-${process.pid}-${Date.now()}.json` },
        }
      : {}),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // Server logic that needs no database, beside its subject (src/**/*.test.ts).
      { test: { name: 'server-pure', root: 'apps/server', include: ['src/**/*.test.ts'] } },
      // API and service suites over PGlite and PostgreSQL (test/**/*.test.ts).
      // The chaos run, bounded (bench/chaos: private PostgreSQL and Mosquitto, built server processes).
      {
        test: {
          name: 'chaos',
          root: 'bench',
          include: ['chaos/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          // Files share their worker's module cache: the server's modules are imported and PGlite's
          // WebAssembly compiled once per worker instead of once per file (about 3 s a file). The suites
          // keep no state in modules between files (the templates are read-only, spies are restored).
          isolate: false,
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
          // Ant Design rendered in jsdom takes seconds per component test, past the default 5 s when CI
          // runs it beside the other lane.
          testTimeout: 15_000,
          // As for the server: React, Ant Design and jsdom are imported once per worker, not per file
          // (44 s → 15 s for the project). The sim keeps isolation: its firmware tests share module state.
          isolate: false,
        },
      },
      // Simulated loggers against an embedded broker: seconds of real work that two workers on two cores
      // can stretch past Vitest's default 5 s.
      { test: { name: 'sim', root: 'apps/sim', include: ['src/**/*.test.ts'], testTimeout: 20_000 } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          // One built server for the whole run, booted here and handed to the files (support/shared-server.ts)
          // instead of one per file (a fresh database, migrations, seed, the demo fleet's simulator).
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
