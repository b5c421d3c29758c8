// globalSetup of the `server` project: builds the PGlite template databases once per run (see
// database-templates.ts) and removes them afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeTemplates } from './database-templates.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-test-templates-'));
  project.provide('pgliteTemplates', await writeTemplates(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
