// globalSetup of the `e2e` project: builds the server and console when stale and boots ONE server for the
// whole run (shared-env.ts says what its environment combines); every file reaches it through
// `sharedServer()` (shared-server.ts). Stopped when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';
import { MARKUP_USER, sharedServerEnv } from './shared-env.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-e2e-shared-'));
  const logFile = join(dir, 'server.log');
  const server = await startServer({ env: sharedServerEnv(dir), seedUsers: [MARKUP_USER], logFile }).catch(
    (error: unknown) => {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    },
  );
  const { baseUrl, adminUsername, adminPassword, mqttPort } = server;
  project.provide('e2eServer', { baseUrl, adminUsername, adminPassword, mqttPort, logFile });
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
