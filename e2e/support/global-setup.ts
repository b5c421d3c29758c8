// globalSetup of the `e2e` project: builds the server and console when stale and boots ONE server for the
// whole run (shared-env.ts says what its environment combines); every file reaches it through
// `sharedServer()` (shared-server.ts). Stopped when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';
import { MARKUP_USER, sharedServerEnv } from './shared-env.js';
import { sharedServerDatabase } from './shared-database.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-e2e-shared-'));
  const logFile = join(dir, 'server.log');
  const database = await sharedServerDatabase(process.env.TEST_DATABASE_URL);
  const cleanUp = async (): Promise<void> => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const env = { ...sharedServerEnv(dir), ...(database ? { DATABASE_URL: database.url } : {}) };
  const server = await startServer({ env, seedUsers: [MARKUP_USER], logFile }).catch(
    async (error: unknown) => {
      await cleanUp();
      throw error;
    },
  );
  const { baseUrl, adminUsername, adminPassword, mqttPort } = server;
  project.provide('e2eServer', { baseUrl, adminUsername, adminPassword, mqttPort, logFile });
  return async () => {
    await server.stop();
    await cleanUp();
  };
}
