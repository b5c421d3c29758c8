// The server suites that start the server as a process (process.test.ts, sim-fleet-process.test.ts) run
// the built bundle, exactly as `npm start` and the e2e suites do, instead of the sources through tsx: tsx
// compiles every module again in each process (the server and its simulator child), about 5 CPU-seconds
// a start on a small machine (docs/testing.md "Lanes"). The build is the e2e suites' (rebuilt when a
// source changed; in CI the e2e lane has built it before the server suites start).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** The built server's entry point, relative to the server's workspace (apps/server). */
export const BUILT_SERVER_ENTRY = 'dist/main.js';

/**
 * Builds the web console, the server and the simulator when a source is newer than the last build
 * (scripts/build-if-stale.mjs, in a child process so that the test worker stays responsive meanwhile).
 * Call it in `beforeAll` with a long timeout: a build takes half a minute on a small machine.
 */
export async function buildServerIfStale(): Promise<void> {
  const child = spawn(process.execPath, ['scripts/build-if-stale.mjs', '--quiet'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((ok) => child.on('exit', ok));
  if (code !== 0) throw new Error(`building the server failed (exit ${code}):\n${output}`);
}
