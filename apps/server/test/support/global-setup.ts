// globalSetup of the `server` project: builds the PGlite template databases once per run, and the
// PostgreSQL ones when TEST_DATABASE_URL is set (see database-templates.ts), and removes them afterwards
// with every test database copied from them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  dropPostgresDatabases,
  postgresRunPrefix,
  writePostgresTemplates,
  writeTemplates,
} from './database-templates.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-test-templates-'));
  const url = process.env.TEST_DATABASE_URL;
  const prefix = postgresRunPrefix();
  const [pglite, postgres] = await Promise.all([
    writeTemplates(dir),
    url === undefined ? undefined : writePostgresTemplates(url, prefix),
  ]);
  project.provide('pgliteTemplates', pglite);
  if (postgres !== undefined) project.provide('postgresTemplates', postgres);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url !== undefined) await dropPostgresDatabases(url, prefix);
  };
}
