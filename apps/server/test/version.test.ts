// GET /version (docs/operations.md "Version information"): the server version, the newest migration this
// database applied (read from drizzle's migrations table) and CHANGELOG.md; signed-in users only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VersionInfo } from '@sunfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/paths.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as } from './organisation-fixtures.js';

describe.each(oneDatabase())('version information on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t.close());

  it('names the newest applied migration, the server version and the changelog', async () => {
    const journal = JSON.parse(readFileSync(join(paths.migrations, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const newest = journal.entries[journal.entries.length - 1]!;
    const answer = await as(t, await t.login()).get<VersionInfo>('/version');
    expect(answer.status).toBe(200);
    expect(answer.data.server).toBe('test');
    expect(answer.data.schema).toEqual({
      latest: newest.tag,
      appliedAt: new Date(newest.when).toISOString(),
      applied: journal.entries.length,
      known: journal.entries.length,
    });
    expect(answer.data.changelog.length).toBeGreaterThan(0);
    expect(answer.data.changelog[0]?.items.length).toBeGreaterThan(0);
  });

  it('asks for a session', async () => {
    expect((await as(t, null).get('/version')).status).toBe(4001);
  });
});
